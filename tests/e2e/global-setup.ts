import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/index';
import { serveDist } from '../../server/static';
import { GENEROUS_RATE_LIMITS } from '../../server/auth/config';

export const E2E_ADMIN = { email: 'admin@bimaguide.local', password: 'admin-e2e-password' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    distDir: string;
    apiUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    adminEmail: string;
    adminPassword: string;
    vapidPublicKey: string;
  }
}

/**
 * One local API (in-memory PGlite, product migrations and seed) for the whole run, and the
 * production build made against it, served like a static host.
 */
export default async function setup(project: TestProject) {
  // A private output folder per run, so two runs at once cannot delete each other's build.
  const outDir = mkdtempSync(join(tmpdir(), 'bimaguide-dist-e2e-'));
  const api = await startServer({
    dataDir: 'memory',
    port: 0,
    quiet: true,
    bcryptCost: 4,
    adminEmail: E2E_ADMIN.email,
    adminPassword: E2E_ADMIN.password,
    // The journeys sign in many times from one address, and one of them uses the stand-in.
    authRateLimits: GENEROUS_RATE_LIMITS,
    localGoogleSignIn: true,
    // Reminder runs are triggered by the tests, never by a timer mid-test.
    reminders: { intervalMs: 0 },
  });
  process.env.VITE_SUPABASE_URL = api.url;
  process.env.VITE_SUPABASE_ANON_KEY = api.anonKey;
  process.env.VITE_VAPID_PUBLIC_KEY = api.vapidPublicKey;
  // vitest sets NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      logLevel: 'error',
      // The manifest names each source's built file, for tests that make one fail to load.
      build: { outDir, emptyOutDir: true, manifest: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const app = await serveDist(outDir);

  project.provide('distDir', outDir);
  project.provide('baseUrl', app.url);
  project.provide('apiUrl', api.url);
  project.provide('anonKey', api.anonKey);
  project.provide('serviceRoleKey', api.serviceRoleKey);
  project.provide('adminEmail', E2E_ADMIN.email);
  project.provide('adminPassword', E2E_ADMIN.password);
  project.provide('vapidPublicKey', api.vapidPublicKey);

  return async () => {
    await app.close();
    await api.stop();
    rmSync(outDir, { recursive: true, force: true });
  };
}

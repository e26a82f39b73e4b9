import { build } from 'vite';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../server/index';
import { serveDist } from '../../server/static';

export const E2E_ADMIN = { email: 'admin@bimaguide.local', password: 'admin-e2e-password' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    apiUrl: string;
    anonKey: string;
    serviceRoleKey: string;
    adminEmail: string;
    adminPassword: string;
  }
}

const OUT_DIR = 'dist-e2e';

/**
 * One local API (in-memory PGlite, product migrations and seed) for the whole run, and the
 * production build made against it, served like a static host.
 */
export default async function setup(project: TestProject) {
  const api = await startServer({
    dataDir: 'memory',
    port: 0,
    quiet: true,
    bcryptCost: 4,
    adminEmail: E2E_ADMIN.email,
    adminPassword: E2E_ADMIN.password,
  });
  process.env.VITE_SUPABASE_URL = api.url;
  process.env.VITE_SUPABASE_ANON_KEY = api.anonKey;
  // vitest sets NODE_ENV=test, which would give React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      logLevel: 'error',
      build: { outDir: OUT_DIR, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  const app = await serveDist(OUT_DIR);

  project.provide('baseUrl', app.url);
  project.provide('apiUrl', api.url);
  project.provide('anonKey', api.anonKey);
  project.provide('serviceRoleKey', api.serviceRoleKey);
  project.provide('adminEmail', E2E_ADMIN.email);
  project.provide('adminPassword', E2E_ADMIN.password);

  return async () => {
    await app.close();
    await api.stop();
  };
}

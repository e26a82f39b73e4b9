import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, type Plugin } from 'vite';
import type { RunningServer } from '../../server/index.ts';

export interface BuiltApp {
  outDir: string;
  /** Output chunk file (e.g. assets/index-abc.js) → source module id → bytes rendered. */
  chunkModules: Map<string, Map<string, number>>;
}

/**
 * Records which source modules each output chunk holds, so the bench can tell whether
 * supabase-js, Dexie or admin code ended up in a route's initial download.
 */
function moduleRecorder(into: BuiltApp['chunkModules']): Plugin {
  return {
    name: 'bench-module-recorder',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        const sizes = new Map<string, number>();
        for (const [id, info] of Object.entries(output.modules)) sizes.set(id, info.renderedLength);
        into.set(file, sizes);
      }
    },
  };
}

/** The production build, made against the bench's own local API, into a fresh temp folder. */
export async function buildApp(api: RunningServer): Promise<BuiltApp> {
  const outDir = mkdtempSync(join(tmpdir(), 'bimaguide-bench-dist-'));
  const chunkModules: BuiltApp['chunkModules'] = new Map();
  const saved = {
    url: process.env.VITE_SUPABASE_URL,
    key: process.env.VITE_SUPABASE_ANON_KEY,
    vapid: process.env.VITE_VAPID_PUBLIC_KEY,
    nodeEnv: process.env.NODE_ENV,
  };
  process.env.VITE_SUPABASE_URL = api.url;
  process.env.VITE_SUPABASE_ANON_KEY = api.anonKey;
  process.env.VITE_VAPID_PUBLIC_KEY = api.vapidPublicKey;
  // Anything else gives React's development build.
  process.env.NODE_ENV = 'production';
  try {
    await build({
      mode: 'production',
      logLevel: 'error',
      plugins: [moduleRecorder(chunkModules)],
      // Unminified for BENCH_DASHBOARD_PROFILE, so its profiles name the app's functions.
      build: {
        outDir,
        emptyOutDir: true,
        manifest: true,
        ...(process.env.BENCH_DASHBOARD_PROFILE ? { minify: false } : {}),
      },
    });
  } finally {
    restore('VITE_SUPABASE_URL', saved.url);
    restore('VITE_SUPABASE_ANON_KEY', saved.key);
    restore('VITE_VAPID_PUBLIC_KEY', saved.vapid);
    restore('NODE_ENV', saved.nodeEnv);
  }
  return { outDir, chunkModules };
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) Reflect.deleteProperty(process.env, name);
  else process.env[name] = value;
}

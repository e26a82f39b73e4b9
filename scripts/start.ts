// `npm start`: the local Supabase-compatible API, a production build made against it, and the
// built app served like a static host — one command for a newcomer.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { z } from 'zod';
import { serveDist } from '../server/static';

const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4173),
    HOST: z.string().default('127.0.0.1'),
    SKIP_BUILD: z.enum(['0', '1']).default('0'),
    DATA_DIR: z.string().default('.data'),
    VITE_SUPABASE_URL: z.string().optional(),
  })
  .parse(process.env);

const localEnvSchema = z.object({ url: z.string(), anonKey: z.string() });

async function main() {
  // With VITE_SUPABASE_URL set the app talks to that (e.g. hosted) project and no local API runs.
  if (!env.VITE_SUPABASE_URL) {
    process.env.SITE_URL ??= `http://localhost:${env.PORT}`;
    // server/main.ts starts the API, prints its URLs and writes the app's URL and anon key.
    await import('../server/main');
    const localEnvDir = env.DATA_DIR === 'memory' ? '.data' : env.DATA_DIR;
    const local = localEnvSchema.parse(
      JSON.parse(readFileSync(path.join(localEnvDir, 'local-env.json'), 'utf8')),
    );
    process.env.VITE_SUPABASE_URL = local.url;
    process.env.VITE_SUPABASE_ANON_KEY = local.anonKey;
  }
  if (env.SKIP_BUILD === '0') {
    console.log('Building the app…');
    await build({ logLevel: 'warn' });
  }
  if (!existsSync(path.join('dist', '_headers'))) {
    console.warn(
      'dist/ has no _headers (built before the security headers existed): pages get the strictest\n' +
        'policy and will not start their scripts. Run without SKIP_BUILD=1 to rebuild.',
    );
  }
  const app = await serveDist('dist', env.PORT, env.HOST);
  console.log(`\n  BimaGuide is running at ${app.url}\n`);
  const stop = () => {
    void app.close();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

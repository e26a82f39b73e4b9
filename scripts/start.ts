// `npm start`: build the production bundle and serve it, as a newcomer's one command.
import { build } from 'vite';
import { z } from 'zod';
import { serveDist } from '../server/static';

const env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4173),
    HOST: z.string().default('127.0.0.1'),
    SKIP_BUILD: z.enum(['0', '1']).default('0'),
  })
  .parse(process.env);

async function main() {
  if (env.SKIP_BUILD === '0') {
    console.log('Building the app…');
    await build({ logLevel: 'warn' });
  }
  const app = await serveDist('dist', env.PORT, env.HOST);
  console.log(`\n  BimaGuide is running at ${app.url.replace('127.0.0.1', 'localhost')}\n`);
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

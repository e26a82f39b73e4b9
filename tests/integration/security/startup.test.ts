// `npm run server` on a network address refuses the public default admin password.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const main = path.resolve('server/main.ts');

function start(env: Record<string, string>): { status: number | null; stderr: string } {
  const { ADMIN_PASSWORD: _unset, ...inherited } = process.env;
  const r = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { ...inherited, DATA_DIR: 'memory', PORT_API: '0', ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { status: r.status, stderr: r.stderr };
}

it('will not serve the network with the default admin password', () => {
  const r = start({ API_HOST: '0.0.0.0' });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain('set ADMIN_PASSWORD to a password of your own');
});

// Runs supabase/functions/renewal-reminders under Deno (from npm, see denoBin), as the
// hosted Edge Runtime would: npm: imports resolved from the registry, no project config, only
// the permissions it needs. Also makes the certificate a fake HTTPS push service needs.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const functionsDir = path.join(repoRoot, 'supabase/functions');
/**
 * The Linux x64 build of Deno is an optional dependency: the `deno` wrapper package lists every
 * platform's build, and the registry these machines use lacks the others, so npm ci refused its
 * lock file. Elsewhere, a `deno` on the PATH (or DENO_BIN) is used.
 */
const bundledDeno = path.join(repoRoot, 'node_modules/@deno/linux-x64-glibc/deno');
const denoBin = process.env.DENO_BIN ?? (fs.existsSync(bundledDeno) ? bundledDeno : 'deno');

/** Deno's cache outside the repository, kept between runs so only the first one downloads. */
export const DENO_DIR = process.env.DENO_DIR ?? path.join(os.tmpdir(), 'bimaguide-deno');

/** First run: resolving npm: imports downloads from the registry. */
export const FIRST_START_TIMEOUT_MS = 120_000;

export interface TlsFiles {
  key: string;
  cert: string;
  certFile: string;
}

/** A throwaway certificate for 127.0.0.1 (openssl ships with Debian's ca-certificates). */
export function selfSignedCertificate(): TlsFiles {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bimaguide-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      // A trust anchor that is also the server's own certificate must not claim to be a CA.
      '-addext',
      'basicConstraints=critical,CA:FALSE',
    ],
    { stdio: 'ignore' },
  );
  return {
    key: fs.readFileSync(keyFile, 'utf8'),
    cert: fs.readFileSync(certFile, 'utf8'),
    certFile,
  };
}

export interface HostedFunction {
  url: string;
  /** What the function printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts the function on a free loopback port and resolves once it listens. `trustCert`
 * is added to Deno's trusted roots (the fake push service's certificate).
 */
export async function startHostedFunction(
  env: Record<string, string>,
  trustCert: string | null,
  name = 'renewal-reminders',
): Promise<HostedFunction> {
  const functionDir = path.join(functionsDir, name);
  const args = [
    'run',
    '--no-config',
    '--no-lock',
    '--node-modules-dir=none',
    '--check',
    ...(trustCert ? [`--cert=${trustCert}`] : []),
    '--allow-net=127.0.0.1',
    '--allow-env',
    path.join(functionDir, 'index.ts'),
  ];
  const child = spawn(denoBin, args, {
    cwd: functionDir,
    // The whole environment: it says which certificate authorities reach the npm registry.
    env: {
      ...process.env,
      DENO_DIR,
      DENO_NO_UPDATE_CHECK: '1',
      NO_COLOR: '1',
      // Deno.serve's default address, overridden so each run gets a free port.
      DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const listening = /Listening on (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (listening?.[1]) resolve(listening[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`deno exited (${code}):\n${output}`)));
    child.once('error', reject);
  });
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

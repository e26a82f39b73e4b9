import crypto from 'node:crypto';
import pg from 'pg';
import { startServer, type RunningServer, type ServerOptions } from '../../server/index.ts';

/** The PostgreSQL server named by TEST_DATABASE_URL or DATABASE_URL, if any. */
export function postgresAdminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
}

/**
 * Runs `measure` against a local API on a throwaway database created on `adminUrl`'s server,
 * dropped afterwards whatever happens.
 */
export async function withPostgresServer<T>(
  adminUrl: string,
  options: ServerOptions,
  measure: (api: RunningServer) => Promise<T>,
): Promise<T> {
  const name = `bench_${crypto.randomBytes(6).toString('hex')}`;
  const sql = async (text: string): Promise<void> => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await sql(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const server = await startServer({
      ...options,
      dataDir: 'memory',
      databaseUrl: url.toString(),
    });
    try {
      return await measure(server);
    } finally {
      await server.stop();
    }
  } finally {
    await sql(`drop database if exists ${name} with (force)`);
  }
}

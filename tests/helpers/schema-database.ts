// The product schema applied straight from its SQL files (no local server in between), for
// tests that need raw connections: several PostgreSQL sessions racing each other, or PGlite.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve('.');

function sqlFilesIn(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => path.join(root, dir, f));
}

/** The Supabase stand-ins (server/bootstrap), then every migration in order. */
export const schemaFiles = [
  ...sqlFilesIn('server/bootstrap'),
  ...sqlFilesIn('supabase/migrations'),
];

export interface SchemaDatabase {
  /** Creates the database and applies the schema; returns the connection that did it. */
  create(): Promise<pg.Client>;
  /** One more session on the database, closed by drop(). */
  connect(): Promise<pg.Client>;
  /** Closes every session and drops the database. */
  drop(): Promise<void>;
}

/** A throwaway PostgreSQL database on the server `adminUrl` names (a superuser URL). */
export function schemaDatabase(adminUrl: string, prefix: string): SchemaDatabase {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const clients: pg.Client[] = [];
  const asAdmin = async (sql: string): Promise<void> => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: dbUrl.toString() });
    await c.connect();
    clients.push(c);
    return c;
  };
  return {
    connect,
    async create() {
      await asAdmin(`create database ${name}`);
      const setup = await connect();
      for (const f of schemaFiles) await setup.query(fs.readFileSync(f, 'utf8'));
      return setup;
    },
    async drop() {
      await Promise.all(clients.map((c) => c.end()));
      await asAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { openDb } from '../../server/db.ts';
import { schemaSources } from '../../server/index.ts';
import type { ServerOptions } from '../../server/index.ts';
import { prepareDatabase, schemaFingerprint } from '../../server/migrate.ts';
import {
  pgliteBuild,
  pruneTemplateHome,
  TEMPLATE_UNUSED_MS,
  templateHome,
  touchTemplate,
} from '../../server/pglite-db.ts';

/*
 * Every suite starts its servers on fresh databases, and preparing one (Supabase's schemas,
 * the migrations, the seed) took a second or two each time, in every test file. So each
 * distinct schema is prepared once, exactly as a start prepares it, and kept: a PGlite data
 * directory copied for each server, a PostgreSQL database each test database is created from
 * (CREATE DATABASE … TEMPLATE). The key is a digest of every statement, so a changed migration
 * or seed makes a new one. A server started on a copy finds everything applied and does the
 * rest of its start (the admin user, keys) as on any restart.
 */

type Schema = ReturnType<typeof schemaSources>;

const pgliteTemplates = new Map<string, Promise<string | undefined>>();
const postgresTemplates = new Map<string, Promise<string>>();

/** The prepared PGlite data directory for these options, or undefined where none can be kept. */
export function pgliteTemplateFor(opts: ServerOptions): Promise<string | undefined> {
  const schema = schemaSources(opts);
  const key = `${pgliteBuild()}-${schemaFingerprint(schema).slice(0, 24)}`;
  let found = pgliteTemplates.get(key);
  if (!found) {
    found = buildPgliteTemplate(key, schema);
    pgliteTemplates.set(key, found);
  }
  return found;
}

async function buildPgliteTemplate(key: string, schema: Schema): Promise<string | undefined> {
  const home = templateHome();
  if (!home) return undefined;
  const dir = path.join(home, `prepared-${key}`);
  const data = path.join(dir, 'pglite');
  if (fs.existsSync(path.join(dir, 'READY'))) {
    touchTemplate(dir);
    return data;
  }
  pruneTemplateHome(home);
  const build = fs.mkdtempSync(path.join(home, 'build-'));
  try {
    const db = await openDb({ dataDir: build });
    try {
      await prepareDatabase(db, schema);
    } finally {
      await db.close();
    }
    fs.writeFileSync(path.join(build, 'READY'), '');
    fs.renameSync(build, dir);
  } catch (e) {
    fs.rmSync(build, { recursive: true, force: true });
    // Another process renamed its copy first: use theirs.
    if (!fs.existsSync(path.join(dir, 'READY'))) throw e;
  }
  return data;
}

async function adminQuery(sql: string, params: string[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The name of the prepared PostgreSQL database for these options (made when missing). */
export function postgresTemplateFor(opts: ServerOptions): Promise<string> {
  const name = `bg_prepared_${schemaFingerprint(schemaSources(opts)).slice(0, 24)}`;
  let found = postgresTemplates.get(name);
  if (!found) {
    found = buildPostgresTemplate(name, schemaSources(opts));
    postgresTemplates.set(name, found);
  }
  return found;
}

/** The databases the tests make: kept templates, half-made builds and one server's copy. */
const TEST_DATABASE = /^bg_(prepared|build|test)_[0-9a-f]+$/;
const LAST_USED = 'bimaguide test database, last used ';

const databaseRows = z.array(
  z.object({
    name: z.string(),
    /** The database's comment, where the last use is stamped. */
    comment: z.string().nullable(),
  }),
);
export type TestDatabaseRow = z.infer<typeof databaseRows>[number];

/**
 * PostgreSQL's side of pruneTemplateHome: each schema leaves a prepared database of its own,
 * and a crashed run its half-made build or server copy. Those of the tests' databases whose
 * stamped last use is older than the PGlite templates' limit go; one never stamped (made
 * before stamps, or just now by another process) is stamped now, so it goes only after as
 * long without use.
 */
export function staleTestDatabases(
  rows: readonly TestDatabaseRow[],
  now: number,
): { drop: string[]; stamp: string[] } {
  const drop: string[] = [];
  const stamp: string[] = [];
  for (const { name, comment } of rows) {
    if (!TEST_DATABASE.test(name)) continue;
    const used = comment?.startsWith(LAST_USED) ? Date.parse(comment.slice(LAST_USED.length)) : NaN;
    if (Number.isNaN(used)) stamp.push(name);
    else if (now - used > TEMPLATE_UNUSED_MS) drop.push(name);
  }
  return { drop, stamp };
}

async function stampUsed(name: string, now = Date.now()): Promise<void> {
  if (!TEST_DATABASE.test(name)) throw new Error(`${name} is not a test database`);
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const comment = LAST_USED + new Date(now).toISOString();
    await client.query(
      `comment on database ${client.escapeIdentifier(name)} is ${client.escapeLiteral(comment)}`,
    );
  } finally {
    await client.end();
  }
}

/**
 * Drops the tests' databases nobody used for days (one in use now is left for next time).
 * `only` narrows it to some names: a test prunes its own databases, never the run's templates.
 */
export async function prunePostgresTestDatabases({
  now = Date.now(),
  only,
}: { now?: number; only?: readonly string[] } = {}): Promise<string[]> {
  const { rows } = await adminQuery(
    `select datname as name, shobj_description(oid, 'pg_database') as comment
       from pg_database where datname like 'bg\\_%'`,
  );
  const candidates = databaseRows
    .parse(rows)
    .filter((row) => only === undefined || only.includes(row.name));
  const { drop, stamp } = staleTestDatabases(candidates, now);
  for (const name of stamp) await stampUsed(name, now).catch(() => undefined);
  const dropped: string[] = [];
  for (const name of drop) {
    try {
      // Without FORCE: a database someone is connected to stays.
      await adminQuery(`drop database if exists ${name}`);
      dropped.push(name);
    } catch {
      // In use, or dropped by another process at the same moment.
    }
  }
  return dropped;
}

async function buildPostgresTemplate(name: string, schema: Schema): Promise<string> {
  const exists = await adminQuery(`select 1 from pg_database where datname = $1`, [name]);
  // Dropped as unused by another process between the two steps: made again below.
  if (
    exists.rows.length > 0 &&
    (await stampUsed(name).then(
      () => true,
      () => false,
    ))
  ) {
    return name;
  }
  await prunePostgresTestDatabases();
  const build = `bg_build_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${build}`);
  try {
    const db = await openDb({ databaseUrl: databaseUrl(build), dataDir: 'memory' });
    try {
      await prepareDatabase(db, schema);
    } finally {
      await db.close();
    }
    // Renamed only once complete, so a database with this name is always a whole one.
    await adminQuery(`alter database ${build} rename to ${name}`);
    await stampUsed(name);
  } catch (e) {
    await adminQuery(`drop database if exists ${build} with (force)`).catch(() => undefined);
    // Another process renamed its copy first: use theirs.
    const theirs = await adminQuery(`select 1 from pg_database where datname = $1`, [name]);
    if (theirs.rows.length === 0) throw e;
  }
  return name;
}

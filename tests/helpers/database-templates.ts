import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDb } from '../../server/db.ts';
import { schemaSources } from '../../server/index.ts';
import type { ServerOptions } from '../../server/index.ts';
import { prepareDatabase, schemaFingerprint } from '../../server/migrate.ts';
import {
  pgliteBuild,
  pruneTemplateHome,
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

async function buildPostgresTemplate(name: string, schema: Schema): Promise<string> {
  const exists = await adminQuery(`select 1 from pg_database where datname = $1`, [name]);
  if (exists.rows.length > 0) return name;
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
  } catch (e) {
    await adminQuery(`drop database if exists ${build} with (force)`).catch(() => undefined);
    // Another process renamed its copy first: use theirs.
    const theirs = await adminQuery(`select 1 from pg_database where datname = $1`, [name]);
    if (theirs.rows.length === 0) throw e;
  }
  return name;
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

const bootstrapDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bootstrap');

function sqlFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

export async function bootstrap(db: Db): Promise<void> {
  for (const f of sqlFiles(bootstrapDir)) {
    await db.exec(fs.readFileSync(path.join(bootstrapDir, f), 'utf8'));
  }
}

/**
 * Applies each file once, in filename order, each in its own transaction, recording it in
 * supabase_migrations.schema_migrations (the table the Supabase CLI uses).
 */
export async function applyMigrations(
  db: Db,
  dirs: string[],
): Promise<{ fresh: boolean; applied: string[] }> {
  const before = await db.query<{ n: number }>(
    `select count(*)::int as n from supabase_migrations.schema_migrations`,
  );
  const fresh = Number(before.rows[0]?.n ?? 0) === 0;
  const applied: string[] = [];
  for (const dir of dirs) {
    for (const file of sqlFiles(dir)) {
      const version = file.replace(/\.sql$/, '');
      const done = await db.query(
        `select 1 from supabase_migrations.schema_migrations where version = $1`,
        [version],
      );
      if (done.rows.length > 0) continue;
      const sql = fs.readFileSync(path.join(dir, file), 'utf8');
      try {
        await db.transaction(async (tx) => {
          await tx.exec(sql);
          await tx.query(
            `insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)`,
            [version, file],
          );
        });
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        throw new Error(`migration ${file} failed: ${msg}`, { cause: e });
      }
      applied.push(file);
    }
  }
  return { fresh, applied };
}

/** Seeds once; the marker keeps a restart from seeding twice. */
export async function applySeed(db: Db, file: string): Promise<boolean> {
  if (!fs.existsSync(file)) return false;
  const seeded = await db.query(`select 1 from local_dev.settings where key = 'seeded'`);
  if (seeded.rows.length > 0) return false;
  const sql = fs.readFileSync(file, 'utf8');
  try {
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query(`insert into local_dev.settings (key, value) values ('seeded', now()::text)`);
    });
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw new Error(`seed ${file} failed: ${msg}`, { cause: e });
  }
  return true;
}

/**
 * What a start does to the database before serving: the stand-ins for Supabase's own schemas,
 * the migrations not yet applied, and the seed on a fresh database.
 */
export async function prepareDatabase(
  db: Db,
  schema: { migrationsDirs: string[]; seedFile: string | null },
  log: (msg: string) => void = () => undefined,
): Promise<void> {
  await bootstrap(db);
  const { fresh, applied } = await applyMigrations(db, schema.migrationsDirs);
  for (const a of applied) log(`applied migration ${a}`);
  if (schema.seedFile && fresh && (await applySeed(db, schema.seedFile))) {
    log(`seeded from ${schema.seedFile}`);
  }
  // A PGlite restart after a statement timeout replays the WAL since the last checkpoint:
  // start from one, so the migrations are not replayed every time.
  if (db.kind === 'pglite') await db.exec('checkpoint');
}

/**
 * A digest of every statement prepareDatabase would run (file names and contents, in order):
 * two databases prepared from sources with the same fingerprint hold the same schema and seed.
 */
export function schemaFingerprint(schema: {
  migrationsDirs: string[];
  seedFile: string | null;
}): string {
  const hash = crypto.createHash('sha256');
  const add = (dir: string, file: string): void => {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(dir, file)));
    hash.update('\0');
  };
  for (const file of sqlFiles(bootstrapDir)) add(bootstrapDir, file);
  for (const dir of schema.migrationsDirs) {
    hash.update(`dir\0`);
    for (const file of sqlFiles(dir)) add(dir, file);
  }
  hash.update('seed\0');
  if (schema.seedFile && fs.existsSync(schema.seedFile)) {
    add(path.dirname(schema.seedFile), path.basename(schema.seedFile));
  }
  return hash.digest('hex');
}

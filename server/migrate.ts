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

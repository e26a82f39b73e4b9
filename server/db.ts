import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type SqlParam = string | number | boolean | null;

export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/** One connection's view, used inside a transaction. */
export interface Tx {
  query<R = Record<string, unknown>>(sql: string, params?: SqlParam[]): Promise<QueryResult<R>>;
  /** Runs several statements (no parameters), e.g. a migration file. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Tx {
  readonly kind: 'pglite' | 'postgres';
  /** Several statements without parameters; returns the last statement's rows. */
  script<R = Record<string, unknown>>(sql: string): Promise<R[]>;
  /**
   * BEGIN … COMMIT, or ROLLBACK when fn throws. With statementTimeoutMs each statement is
   * cancelled after that long and fails with SQLSTATE 57014, as Postgres' statement_timeout.
   */
  transaction<T>(fn: (tx: Tx) => Promise<T>, opts?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
}

export interface TransactionOptions {
  statementTimeoutMs?: number;
}

/** Postgres error fields both drivers expose. */
export interface PgError {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isPgError(e: unknown): e is PgError {
  return (
    typeof e === 'object' &&
    e !== null &&
    'code' in e &&
    typeof e.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(e.code) &&
    'message' in e &&
    typeof e.message === 'string'
  );
}

/**
 * PGlite is a single connection, so a transaction must own it exclusively: every call goes
 * through this queue, and a transaction holds the queue until it commits or rolls back.
 */
class Mutex {
  private tail: Promise<void> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

class PgliteDb implements Db {
  readonly kind = 'pglite' as const;
  private readonly lock = new Mutex();
  constructor(
    private readonly pglite: PGlite,
    private readonly lockFile: string | null,
  ) {}

  private raw<R>(sql: string, params: SqlParam[] = []): Promise<QueryResult<R>> {
    return this.pglite
      .query<R>(sql, params)
      .then((r) => ({ rows: r.rows, rowCount: r.affectedRows ?? r.rows.length }));
  }
  query<R = Record<string, unknown>>(sql: string, params?: SqlParam[]): Promise<QueryResult<R>> {
    return this.lock.run(() => this.raw<R>(sql, params));
  }
  exec(sql: string): Promise<void> {
    return this.lock.run(async () => {
      await this.pglite.exec(sql);
    });
  }
  script<R = Record<string, unknown>>(sql: string): Promise<R[]> {
    return this.lock.run(async () => {
      const results = await this.pglite.exec(sql);
      return (results[results.length - 1]?.rows ?? []) as R[];
    });
  }
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.lock.run(async () => {
      await this.pglite.exec('begin');
      try {
        const out = await fn({
          query: (s, p) => this.raw(s, p),
          exec: async (s) => {
            await this.pglite.exec(s);
          },
        });
        await this.pglite.exec('commit');
        return out;
      } catch (e) {
        await this.pglite.exec('rollback').catch(() => undefined);
        throw e;
      }
    });
  }
  close(): Promise<void> {
    return this.lock.run(async () => {
      await this.pglite.close();
      if (this.lockFile) fs.rmSync(this.lockFile, { force: true });
    });
  }
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Two processes opening one PGlite directory corrupt it, so the directory is claimed with a
 * pid file; a stale claim (process gone) is taken over.
 */
function claimDataDir(dir: string): string {
  const file = path.join(dir, 'server.pid');
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && pidAlive(pid)) {
      throw new Error(`another server (pid ${pid}) is using ${dir}; stop it or set DATA_DIR`);
    }
  } catch (e) {
    if (e instanceof Error && e.message.startsWith('another server')) throw e;
  }
  fs.writeFileSync(file, String(process.pid));
  return file;
}

class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  constructor(private readonly pool: pg.Pool) {}
  async query<R = Record<string, unknown>>(
    sql: string,
    params?: SqlParam[],
  ): Promise<QueryResult<R>> {
    const r = await this.pool.query(sql, params);
    return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
  }
  async exec(sql: string): Promise<void> {
    // Simple-query protocol (no params) accepts many statements in one string.
    await this.pool.query(sql);
  }
  async script<R = Record<string, unknown>>(sql: string): Promise<R[]> {
    const r: pg.QueryResult | pg.QueryResult[] = await this.pool.query(sql);
    const last = Array.isArray(r) ? r[r.length - 1] : r;
    return (last?.rows ?? []) as R[];
  }
  async transaction<T>(fn: (tx: Tx) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
    const client = await this.pool.connect();
    try {
      const ms = opts.statementTimeoutMs;
      // Simple-query protocol: both statements in one round trip; ms is a number we own.
      await client.query(
        ms === undefined ? 'begin' : `begin; set local statement_timeout = ${Math.trunc(ms)}`,
      );
      try {
        const out = await fn({
          query: async <R>(s: string, p?: SqlParam[]) => {
            const r = await client.query(s, p);
            return { rows: r.rows as R[], rowCount: r.rowCount ?? r.rows.length };
          },
          exec: async (s: string) => {
            await client.query(s);
          },
        });
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      }
    } finally {
      client.release();
    }
  }
  async close(): Promise<void> {
    await this.pool.end();
  }
}

export async function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: '-c timezone=UTC',
    });
    // An idle client erroring (server restart) must not crash the process.
    pool.on('error', () => undefined);
    const db = new PostgresDb(pool);
    await db.query('select 1');
    return db;
  }
  let pglite: PGlite;
  let lockFile: string | null = null;
  if (opts.dataDir === 'memory') {
    pglite = new PGlite();
  } else {
    fs.mkdirSync(opts.dataDir, { recursive: true });
    lockFile = claimDataDir(opts.dataDir);
    const dir = path.join(opts.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
    pglite = new PGlite(dir);
  }
  await pglite.waitReady;
  await pglite.exec(`set timezone = 'UTC'`);
  return new PgliteDb(pglite, lockFile);
}

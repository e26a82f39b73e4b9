import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { makeTempDataDir, PgliteWorkerDb } from './pglite-db.ts';

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
  /** BEGIN READ ONLY: as PostgREST runs GET and HEAD. */
  readOnly?: boolean;
  /** A statement run right after BEGIN whose result is not needed (the request's role). */
  prologue?: { sql: string; params: SqlParam[] };
}

/**
 * What PostgREST (and Storage, which runs its metadata queries the same way) sets at the start
 * of a request's transaction: the caller's role and JWT claims, so RLS and auth.uid() decide.
 */
export function callerPrologue(caller: {
  role: string;
  claims: Record<string, unknown>;
  method: string;
  path: string;
}): { sql: string; params: SqlParam[] } {
  const { claims } = caller;
  return {
    sql: `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
            set_config('request.jwt.claim.email', $4, true), set_config('request.method', $5, true),
            set_config('request.path', $6, true)`,
    params: [
      caller.role,
      JSON.stringify(claims),
      typeof claims.sub === 'string' ? claims.sub : '',
      typeof claims.email === 'string' ? claims.email : '',
      caller.method,
      caller.path,
    ],
  };
}

/**
 * BEGIN with the transaction's options, one round trip (simple-query protocol); the timeout
 * is a number this server owns, never request input.
 */
export function beginSql(opts: TransactionOptions): string {
  const begin = opts.readOnly ? 'begin read only' : 'begin';
  const ms = opts.statementTimeoutMs;
  if (ms === undefined) return begin;
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`invalid statement timeout: ${ms}`);
  return `${begin}; set local statement_timeout = ${ms}`;
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
      await client.query(beginSql(opts));
      if (opts.prologue) await client.query(opts.prologue.sql, opts.prologue.params);
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

export async function openDb(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** 'memory' only: the PGlite data directory the throwaway database starts as a copy of. */
  pgliteTemplate?: string;
}): Promise<Db> {
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
  if (opts.dataDir === 'memory') {
    return PgliteWorkerDb.open(await makeTempDataDir(opts.pgliteTemplate), {
      lockFile: null,
      temporary: true,
    });
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const lockFile = claimDataDir(opts.dataDir);
  const dir = path.join(opts.dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  try {
    return await PgliteWorkerDb.open(dir, { lockFile, temporary: false });
  } catch (e) {
    fs.rmSync(lockFile, { force: true });
    throw e;
  }
}

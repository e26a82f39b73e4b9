import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Db, QueryResult, SqlParam, TransactionOptions, Tx } from './db.ts';

/**
 * PGlite runs Postgres as WebAssembly, synchronously: a long statement would block Node's
 * event loop (every other request, the static host, timers), and statement_timeout never
 * fires because nothing interrupts the WASM. So the database lives in a worker thread. The
 * main thread stays free, and a statement that outlives its timeout is stopped the only way
 * there is: the worker is terminated, the database reopened from its directory (committed data
 * is on disk; the interrupted transaction is rolled back by recovery) and the statement fails
 * with Postgres' 57014.
 */

const WORKER_FILE = new URL('./pglite-worker.mjs', import.meta.url);

export class StatementTimeoutError extends Error {
  readonly code = '57014';
  constructor() {
    super('canceling statement due to statement timeout');
  }
}

/** A Postgres error that crossed the thread boundary (fields as both drivers expose them). */
class WorkerPgError extends Error {
  code?: string;
  detail?: string;
  hint?: string;
  constructor(fields: Record<string, unknown>) {
    super(typeof fields.message === 'string' ? fields.message : 'database error');
    if (typeof fields.code === 'string') this.code = fields.code;
    if (typeof fields.detail === 'string') this.detail = fields.detail;
    if (typeof fields.hint === 'string') this.hint = fields.hint;
  }
}

/** PGlite is one connection: a transaction owns it until it commits or rolls back. */
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

interface Reply {
  id: number;
  rows?: unknown[];
  rowCount?: number;
  error?: Record<string, unknown>;
}

interface Pending {
  resolve: (r: QueryResult<unknown>) => void;
  reject: (e: Error) => void;
}

interface Step {
  sql: string;
  params?: SqlParam[];
}

/**
 * `before` runs first in the same message: BEGIN and the transaction's prologue ride along
 * with its first statement, so a request costs one thread hop fewer per step.
 */
type Request = ({ op: 'query'; sql: string; params: SqlParam[] } | { op: 'exec'; sql: string }) & {
  before?: Step[];
};

/** One worker, one open database; replaced whole when a statement times out. */
class Session {
  readonly ready: Promise<void>;
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  dead = false;

  constructor(dataDir: string, wasmModule: WebAssembly.Module) {
    this.worker = new Worker(WORKER_FILE, { workerData: { dataDir, wasmModule } });
    this.worker.unref();
    this.ready = new Promise<void>((resolve, reject) => {
      this.worker.on('message', (m: unknown) => {
        if (isReady(m)) {
          if (m.type === 'ready') resolve();
          else reject(new WorkerPgError(m.error));
          return;
        }
        this.settle(m as Reply);
      });
      const fail = (e: Error): void => {
        this.dead = true;
        reject(e);
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
      };
      this.worker.on('error', fail);
      this.worker.on('exit', (code) => fail(new Error(`database worker exited (${code})`)));
    });
  }

  private settle(reply: Reply): void {
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.error) p.reject(new WorkerPgError(reply.error));
    else p.resolve({ rows: reply.rows ?? [], rowCount: reply.rowCount ?? 0 });
  }

  send<R>(req: Request | { op: 'close' }): Promise<QueryResult<R>> {
    if (this.dead) return Promise.reject(new Error('database worker is gone'));
    const id = this.nextId++;
    return new Promise<QueryResult<R>>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as Pending['resolve'], reject });
      // A pending statement keeps the process alive; an idle database does not.
      this.worker.ref();
      this.worker.postMessage({ id, ...req });
    });
  }

  async terminate(): Promise<void> {
    this.dead = true;
    await this.worker.terminate();
  }
}

function isReady(m: unknown): m is { type: 'ready' | 'failed'; error: Record<string, unknown> } {
  return typeof m === 'object' && m !== null && 'type' in m;
}

const pgliteDist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
let compiled: Promise<WebAssembly.Module> | undefined;

/** Compiled once per process and handed to every worker, so a reopen does not recompile. */
function pgliteModule(): Promise<WebAssembly.Module> {
  compiled ??= fs.promises
    .readFile(path.join(pgliteDist, 'pglite.wasm'))
    .then((bytes) => WebAssembly.compile(bytes));
  return compiled;
}

async function openSession(dataDir: string): Promise<Session> {
  const session = new Session(dataDir, await pgliteModule());
  try {
    await session.ready;
  } catch (e) {
    await session.terminate();
    throw e;
  }
  return session;
}

const tempDirs = new Set<string>();
let exitHookInstalled = false;

function tempBase(): string {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

/**
 * initdb costs seconds (far more than copying its result), so a freshly initialised, cleanly
 * closed data directory is kept as a template in a directory only this user can write, keyed
 * by the PGlite build, and every throwaway database starts as a copy of it.
 */
export function templateHome(): string | null {
  const uid = typeof process.getuid === 'function' ? process.getuid() : 0;
  const home = path.join(os.tmpdir(), `bimaguide-pglite-${uid}`);
  fs.mkdirSync(home, { recursive: true, mode: 0o700 });
  const st = fs.statSync(home);
  // Someone else's (or a shared) directory could hand us a doctored database: do without.
  if (st.uid !== uid || (st.mode & 0o077) !== 0) return null;
  return home;
}

/** How long a kept template may go unused before a new one being made clears it away. */
export const TEMPLATE_UNUSED_MS = 3 * 24 * 60 * 60 * 1000;

/** Marks a kept template as in use, so pruneTemplateHome keeps it. */
export function touchTemplate(dir: string): void {
  const now = new Date();
  try {
    fs.utimesSync(dir, now, now);
  } catch {
    // Gone meanwhile: whoever uses it finds out.
  }
}

/**
 * Each PGlite build (every `npm ci`) and each schema (every migration changed) leaves a template
 * of its own, tens of megabytes each, and nothing else removes them: so whenever a new one is
 * made, the templates and half-made builds nobody has used for a while go.
 */
export function pruneTemplateHome(home: string, now = Date.now()): void {
  for (const name of fs.readdirSync(home)) {
    if (!/^(template|prepared|build)-/.test(name)) continue;
    const entry = path.join(home, name);
    try {
      if (now - fs.statSync(entry).mtimeMs > TEMPLATE_UNUSED_MS) {
        fs.rmSync(entry, { recursive: true, force: true });
      }
    } catch {
      // Removed by another process at the same moment.
    }
  }
}

/** Names the installed PGlite build: a data directory is only valid for the build that made it. */
export function pgliteBuild(): string {
  const wasm = fs.statSync(path.join(pgliteDist, 'pglite.wasm'));
  return `${wasm.size}-${Math.trunc(wasm.mtimeMs)}`;
}

let template: Promise<string | null> | undefined;

function pgliteTemplate(): Promise<string | null> {
  template ??= (async () => {
    const home = templateHome();
    if (!home) return null;
    const dir = path.join(home, `template-${pgliteBuild()}`);
    if (fs.existsSync(path.join(dir, 'READY'))) {
      touchTemplate(dir);
      return dir;
    }
    pruneTemplateHome(home);
    const build = fs.mkdtempSync(path.join(home, 'build-'));
    try {
      const session = await openSession(build);
      await session.send({ op: 'close' });
      await session.terminate();
      fs.writeFileSync(path.join(build, 'READY'), '');
      fs.renameSync(build, dir);
    } catch {
      // Another process won the race (or the build failed): use theirs, or none.
      fs.rmSync(build, { recursive: true, force: true });
    }
    return fs.existsSync(path.join(dir, 'READY')) ? dir : null;
  })();
  return template;
}

/**
 * A throwaway database still needs a directory so it survives the worker being replaced:
 * tmpfs (/dev/shm) keeps it in memory where there is one. Removed on close, or at exit.
 * `template`: a cleanly closed data directory to start from instead of a fresh initdb.
 */
export async function makeTempDataDir(template?: string): Promise<string> {
  const from = template ?? (await pgliteTemplate());
  const dir = fs.mkdtempSync(path.join(tempBase(), 'bimaguide-pglite-'));
  tempDirs.add(dir);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
    });
  }
  if (from) {
    fs.cpSync(from, dir, { recursive: true });
    fs.rmSync(path.join(dir, 'READY'), { force: true });
  }
  return dir;
}

function removeTempDataDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

export class PgliteWorkerDb implements Db {
  readonly kind = 'pglite' as const;
  private readonly lock = new Mutex();
  private session: Session;
  private reopening: Promise<Session> | null = null;
  /** How long the last restart took; until one has happened, estimated from the first open. */
  private reopenMs = 600;

  private constructor(
    private readonly dataDir: string,
    private readonly cleanup: { lockFile: string | null; temporary: boolean },
    session: Session,
  ) {
    this.session = session;
  }

  static async open(
    dataDir: string,
    cleanup: { lockFile: string | null; temporary: boolean },
  ): Promise<PgliteWorkerDb> {
    try {
      const started = performance.now();
      const db = new PgliteWorkerDb(dataDir, cleanup, await openSession(dataDir));
      // Opening is what a restart repeats; half again as long covers recovery replaying WAL.
      db.reopenMs = Math.max(db.reopenMs, (performance.now() - started) * 1.5);
      return db;
    } catch (e) {
      if (cleanup.temporary) removeTempDataDir(dataDir);
      throw e;
    }
  }

  /** The current session, reopened first if the last one was terminated or crashed. */
  private live(): Promise<Session> {
    if (!this.session.dead) return Promise.resolve(this.session);
    this.reopening ??= (async () => {
      const started = performance.now();
      try {
        this.session = await openSession(this.dataDir);
        this.reopenMs = performance.now() - started;
        return this.session;
      } finally {
        this.reopening = null;
      }
    })();
    return this.reopening;
  }

  /**
   * Everyone else waits behind a runaway statement (one connection), and the restart that
   * stops it takes time too, so the statement gets the timeout minus the last restart's length:
   * the database is held for at most the timeout in all.
   */
  private watchdogMs(timeoutMs: number): number {
    return Math.max(Math.round(timeoutMs / 2), Math.round(timeoutMs - this.reopenMs - 100));
  }

  private async call<R>(req: Request, timeoutMs?: number): Promise<QueryResult<R>> {
    const session = await this.live();
    const result = session.send<R>(req);
    if (timeoutMs === undefined) return result;
    const watchdog: { stopped?: Promise<void> } = {};
    const timer = setTimeout(() => {
      watchdog.stopped = session
        .terminate()
        .then(() => this.live())
        .then(
          () => undefined,
          () => undefined,
        );
    }, this.watchdogMs(timeoutMs));
    try {
      return await result;
    } catch (e) {
      // Answer once the database is back, so the next request does not pay for the restart.
      if (watchdog.stopped) {
        await watchdog.stopped;
        throw new StatementTimeoutError();
      }
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }

  query<R = Record<string, unknown>>(
    sql: string,
    params: SqlParam[] = [],
  ): Promise<QueryResult<R>> {
    return this.lock.run(() => this.call<R>({ op: 'query', sql, params }));
  }

  exec(sql: string): Promise<void> {
    return this.lock.run(async () => {
      await this.call({ op: 'exec', sql });
    });
  }

  script<R = Record<string, unknown>>(sql: string): Promise<R[]> {
    return this.lock.run(async () => (await this.call<R>({ op: 'exec', sql })).rows);
  }

  transaction<T>(fn: (tx: Tx) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
    const ms = opts.statementTimeoutMs;
    return this.lock.run(async () => {
      const session = await this.live();
      // statement_timeout does nothing in PGlite (the watchdog stands in for it).
      let before: Step[] | null = [{ sql: opts.readOnly ? 'begin read only' : 'begin' }];
      if (opts.prologue) before.push(opts.prologue);
      // After a timeout the transaction is gone: nothing more may run as if inside it.
      const inTx = <R>(req: Request): Promise<QueryResult<R>> => {
        if (session !== this.session || session.dead)
          return Promise.reject(new StatementTimeoutError());
        const first = before === null ? req : { ...req, before };
        before = null;
        return this.call<R>(first, ms);
      };
      try {
        const out = await fn({
          query: <R>(sql: string, params: SqlParam[] = []) => inTx<R>({ op: 'query', sql, params }),
          exec: async (sql: string) => {
            await inTx({ op: 'exec', sql });
          },
        });
        if (before === null) {
          const commit = inTx({ op: 'exec', sql: 'commit' });
          // A read-only commit cannot fail, and the worker runs messages in order: the next
          // transaction need not wait for this reply.
          if (opts.readOnly) commit.catch(() => undefined);
          else await commit;
        }
        return out;
      } catch (e) {
        // A terminated session took its transaction with it; recovery has rolled it back.
        if (before === null && session === this.session && !session.dead)
          await this.call({ op: 'exec', sql: 'rollback' }).catch(() => undefined);
        throw e;
      }
    });
  }

  close(): Promise<void> {
    return this.lock.run(async () => {
      if (!this.session.dead) {
        await this.session.send({ op: 'close' }).catch(() => undefined);
        await this.session.terminate();
      }
      if (this.cleanup.lockFile) fs.rmSync(this.cleanup.lockFile, { force: true });
      if (this.cleanup.temporary) removeTempDataDir(this.dataDir);
    });
  }
}

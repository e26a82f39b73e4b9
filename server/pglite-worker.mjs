// @ts-check
// PGlite in a worker thread (see server/pglite-db.ts for why). Plain JavaScript because Node
// starts a worker from a file it can run as it is, whatever loader the main thread uses (tsx,
// vitest); it only relays queries, so there is little to type.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs must run as a worker thread');

/** @param {unknown} e */
function serialise(e) {
  /** @type {Record<string, unknown>} */
  const out = { message: e instanceof Error ? e.message : String(e) };
  if (typeof e === 'object' && e !== null) {
    for (const key of ['code', 'detail', 'hint', 'severity', 'constraint', 'table', 'column']) {
      const value = /** @type {Record<string, unknown>} */ (e)[key];
      if (typeof value === 'string') out[key] = value;
    }
  }
  return out;
}

const { dataDir, wasmModule } = /** @type {{ dataDir: string; wasmModule: WebAssembly.Module }} */ (
  workerData
);
const db = new PGlite(dataDir, { pgliteWasmModule: wasmModule });
try {
  await db.waitReady;
  await db.exec(`set timezone = 'UTC'`);
  port.postMessage({ type: 'ready' });
} catch (e) {
  port.postMessage({ type: 'failed', error: serialise(e) });
}

port.on(
  'message',
  /** @param {{ id: number; op: 'query' | 'exec' | 'close'; sql?: string; params?: unknown[]; before?: { sql: string; params?: unknown[] }[] }} msg */
  async (msg) => {
    try {
      for (const step of msg.before ?? []) {
        if (step.params) await db.query(step.sql, step.params);
        else await db.exec(step.sql);
      }
      if (msg.op === 'query') {
        const r = await db.query(msg.sql ?? '', msg.params ?? []);
        port.postMessage({ id: msg.id, rows: r.rows, rowCount: r.affectedRows ?? r.rows.length });
      } else if (msg.op === 'exec') {
        const results = await db.exec(msg.sql ?? '');
        const last = results[results.length - 1];
        port.postMessage({ id: msg.id, rows: last?.rows ?? [], rowCount: 0 });
      } else {
        await db.close();
        port.postMessage({ id: msg.id, rows: [], rowCount: 0 });
      }
    } catch (e) {
      port.postMessage({ id: msg.id, error: serialise(e) });
    }
  },
);

import type http from 'node:http';
import { bearerToken, header, readBody, sendJson } from '../http.ts';
import type { Keys } from '../keys.ts';
import { roleOf } from '../keys.ts';
import { todayIn } from '../../src/domain/local-today.ts';
import {
  requestedDay,
  runReminderJob,
  type ReminderJobResult,
} from '../../supabase/functions/_shared/renewal-reminders.ts';
import type { VapidKeys } from './vapid.ts';

export { resolveVapidKeys, type VapidKeys } from './vapid.ts';
export type { ReminderJobResult } from '../../supabase/functions/_shared/renewal-reminders.ts';

/**
 * The local edge of the renewal push job (../../supabase/functions/_shared/renewal-reminders.ts,
 * which the hosted function runs too): the schedule, the service-role check by this server's
 * keys, and this server's own API as the job's PostgREST.
 */
export interface ReminderServiceOptions {
  /** This server's API origin, known once it listens. */
  apiUrl: () => string;
  keys: Keys;
  vapid: VapidKeys;
  /** VAPID contact; default mailto: the admin address. */
  subject: string;
  /** Milliseconds between scheduled runs; 0 turns the schedule off. */
  intervalMs: number;
  timeZone: string;
  allowHttpEndpoints: boolean;
  log: (msg: string) => void;
}

export interface ReminderService {
  vapidPublicKey: string;
  /** Answers /functions/v1/vapid-public-key and /functions/v1/renewal-reminders. */
  handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void>;
  run(today?: string): Promise<ReminderJobResult>;
  stop(): Promise<void>;
}

export function createReminderService(opts: ReminderServiceOptions): ReminderService {
  // One run at a time in this process; reminder_log's unique key guards across processes.
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;

  const run = (today?: string): Promise<ReminderJobResult> => {
    const next = running.then(() =>
      runReminderJob({
        apiUrl: opts.apiUrl(),
        serviceRoleKey: opts.keys.serviceRoleKey,
        vapid: opts.vapid,
        subject: opts.subject,
        today: today ?? todayIn(opts.timeZone),
        allowHttpEndpoints: opts.allowHttpEndpoints,
        log: opts.log,
      }),
    );
    running = next.catch(() => undefined);
    return next;
  };

  let timer: NodeJS.Timeout | undefined;
  const schedule = (delay: number) => {
    if (opts.intervalMs <= 0 || stopped) return;
    timer = setTimeout(() => {
      run()
        .then((r) => {
          if (r.sent + r.removed + r.failed + r.errors > 0) {
            opts.log(
              `renewal reminders: ${r.sent} sent, ${r.removed} expired, ${r.failed} failed, ` +
                `${r.errors} users skipped`,
            );
          }
        })
        .catch((e: unknown) => opts.log(`renewal reminders failed: ${String(e)}`))
        .finally(() => schedule(opts.intervalMs));
    }, delay);
    timer.unref();
  };
  // The first run soon after start, so reminders do not wait a full interval after a restart.
  schedule(Math.min(opts.intervalMs, 60_000));

  async function handle(
    req: http.IncomingMessage,
    res: http.ServerResponse,
    url: URL,
  ): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    const name = url.pathname.slice('/functions/v1/'.length);
    if (name === 'vapid-public-key') {
      if (method !== 'GET' && method !== 'HEAD')
        return sendJson(res, 405, { message: 'Method not allowed' });
      return sendJson(res, 200, { publicKey: opts.vapid.publicKey });
    }
    if (name !== 'renewal-reminders') {
      return sendJson(res, 404, { message: 'Function not found' });
    }
    if (method !== 'POST') return sendJson(res, 405, { message: 'Method not allowed' });
    const token = bearerToken(req) ?? header(req, 'apikey');
    const verified = token ? await opts.keys.verify(token) : null;
    if (!verified?.ok || roleOf(verified.claims) !== 'service_role') {
      return sendJson(res, 401, { message: 'Only the service role may run the reminder job' });
    }
    const day = requestedDay(await readBody(req).catch(() => ''), () => todayIn(opts.timeZone));
    if (!day.ok) return sendJson(res, 400, { message: day.message });
    try {
      return sendJson(res, 200, await run(day.today));
    } catch (e) {
      return sendJson(res, 500, {
        message: e instanceof Error ? e.message : 'reminder job failed',
      });
    }
  }

  return {
    vapidPublicKey: opts.vapid.publicKey,
    handle,
    run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

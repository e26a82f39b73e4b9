// The calendar feed's one handler, run by the hosted Edge Function
// (supabase/functions/calendar-feed) and by the local server (server/index.ts). It reads the
// database through PostgREST with the service role, so both hosts share every line but their
// environment. Imports carry `.ts` and bare packages resolve through calendar-feed/deno.json.
import { z } from 'zod';
import { renewalCalendar, type CalendarPolicy } from '../../../src/domain/calendar/ics.ts';

export interface FeedConfig {
  /** The project's API origin, e.g. https://<ref>.supabase.co or the local server. */
  apiUrl: string;
  serviceRoleKey: string;
  /** Where the app is served, for the link back to each policy. */
  appOrigin: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

const TOKEN = /^[0-9a-f]{64}$/;
/** The last path segment: `<token>` or `<token>.ics`, as calendar apps like to see. */
const FEED_PATH = /\/calendar-feed\/([^/]+?)(?:\.ics)?$/;
const DEFAULT_REMINDER_DAYS = [30, 7, 1, 0];

const feedRows = z.array(z.object({ user_id: z.string().uuid() }));
const policyRows = z.array(
  z.object({
    id: z.string().uuid(),
    insurer_name: z.string(),
    policy_number: z.string(),
    start_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    next_renewal_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    renewal_frequency: z.enum(['monthly', '6-monthly', 'yearly', '3-yearly']),
    premium_amount: z.coerce.number().nullable(),
    policy_types: z.object({ name: z.string(), deleted_at: z.string().nullable() }).nullable(),
  }),
);
const settingsRows = z.array(z.object({ thresholds: z.array(z.number().int().min(0).max(365)) }));

function text(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

async function select<T>(config: FeedConfig, path: string, schema: z.ZodType<T>): Promise<T> {
  const response = await (config.fetch ?? fetch)(`${config.apiUrl}/rest/v1/${path}`, {
    headers: {
      apikey: config.serviceRoleKey,
      Authorization: `Bearer ${config.serviceRoleKey}`,
      Accept: 'application/json',
    },
  });
  if (!response.ok) throw new Error(`${path.split('?')[0]}: ${response.status}`);
  return schema.parse(await response.json());
}

/** GET /functions/v1/calendar-feed/<token>.ics → the owner's renewals as text/calendar. */
export async function handleCalendarFeed(request: Request, config: FeedConfig): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  const token = FEED_PATH.exec(new URL(request.url).pathname)?.[1] ?? '';
  // An address that cannot be a token is answered like a revoked one: nothing to learn.
  if (!TOKEN.test(token)) return text(404, 'No such calendar');
  try {
    const [feed] = await select(
      config,
      `calendar_feeds?token=eq.${token}&select=user_id`,
      feedRows,
    );
    if (!feed) return text(404, 'No such calendar');
    const owner = `user_id=eq.${feed.user_id}`;
    const [policies, settings] = await Promise.all([
      select(
        config,
        `policies?${owner}&deleted_at=is.null&select=id,insurer_name,policy_number,start_date,next_renewal_date,renewal_frequency,premium_amount,policy_types(name,deleted_at)&order=next_renewal_date,id`,
        policyRows,
      ),
      select(config, `reminder_settings?${owner}&select=thresholds`, settingsRows),
    ]);
    const entries: CalendarPolicy[] = policies.map((p) => ({
      id: p.id,
      insurerName: p.insurer_name,
      policyNumber: p.policy_number,
      typeName: p.policy_types && !p.policy_types.deleted_at ? p.policy_types.name : null,
      startDate: p.start_date,
      nextRenewalDate: p.next_renewal_date,
      renewalFrequency: p.renewal_frequency,
      premiumAmount: p.premium_amount,
    }));
    const body = renewalCalendar(entries, {
      name: 'BimaGuide renewals',
      appOrigin: config.appOrigin,
      reminderDays: settings[0]?.thresholds ?? DEFAULT_REMINDER_DAYS,
      stamp: (config.now ?? (() => new Date()))(),
    });
    return new Response(request.method === 'HEAD' ? null : body, {
      status: 200,
      headers: {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="bimaguide-renewals.ics"',
        // Private: the address is a secret; a shared cache must never keep it.
        'Cache-Control': 'private, max-age=300',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      },
    });
  } catch (error) {
    console.error('calendar-feed', error);
    return text(503, 'The calendar is not available right now. Your calendar app will try again.');
  }
}

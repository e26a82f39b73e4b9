import { z } from 'zod';
import { call } from '@/lib/api-call';

/** The user's feed token, or null while the feed is off. */
export function fetchCalendarFeed() {
  return call(
    (db) => db.from('calendar_feeds').select('token').maybeSingle(),
    z.object({ token: z.string().regex(/^[0-9a-f]{64}$/) }).nullable(),
  );
}

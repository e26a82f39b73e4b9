import { z } from 'zod';
import { call } from '@/lib/api-call';

/** Turns the feed on, or gives it a new address (the old one stops working). */
export function regenerateCalendarFeed() {
  return call((db) => db.rpc('regenerate_calendar_feed'), z.string().regex(/^[0-9a-f]{64}$/));
}

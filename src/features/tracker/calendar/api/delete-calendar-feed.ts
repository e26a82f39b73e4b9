import { z } from 'zod';
import { call } from '@/lib/api-call';

/** Turns the feed off: its address answers 404 from now on. */
export function deleteCalendarFeed(userId: string) {
  return call((db) => db.from('calendar_feeds').delete().eq('user_id', userId), z.null());
}

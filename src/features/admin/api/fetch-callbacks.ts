import { call } from './call';
import { CALLBACK_COLUMNS, callbackListSchema } from './schemas';

/** Every callback request, newest first (spec §7). */
export function fetchCallbacks() {
  return call(
    (db) => db.from('callbacks').select(CALLBACK_COLUMNS).order('created_at', { ascending: false }),
    callbackListSchema,
  );
}

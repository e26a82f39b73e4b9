import { call } from './call';
import { FAQ_COLUMNS, faqListSchema } from './schemas';

/** Every FAQ, newest first. */
export function fetchFaqs() {
  return call(
    (db) => db.from('faqs').select(FAQ_COLUMNS).order('created_at', { ascending: false }),
    faqListSchema,
  );
}

import { call } from './call';
import { NEWS_COLUMNS, newsListSchema } from './schemas';

/** Every article, newest first. */
export function fetchNewsArticles() {
  return call(
    (db) => db.from('news').select(NEWS_COLUMNS).order('created_at', { ascending: false }),
    newsListSchema,
  );
}

import { newsSchema, type NewsValues } from '@/domain/schemas';
import { call } from './call';
import { NEWS_COLUMNS } from './schemas';

/** Updates title, slug, excerpt and content; a missing row answers PGRST116. */
export function updateNewsArticle(id: string, values: NewsValues) {
  return call(
    (db) => db.from('news').update(values).eq('id', id).select(NEWS_COLUMNS).single(),
    newsSchema,
  );
}

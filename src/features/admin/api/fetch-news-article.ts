import { newsSchema } from '@/domain/schemas';
import { call } from './call';
import { NEWS_COLUMNS } from './schemas';

/** One article by id, for the editor. */
export function fetchNewsArticle(id: string) {
  return call((db) => db.from('news').select(NEWS_COLUMNS).eq('id', id).single(), newsSchema);
}

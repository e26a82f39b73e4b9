import { newsSchema, type NewsValues } from '@/domain/schemas';
import { call } from './call';
import { NEWS_COLUMNS } from './schemas';

export function createNewsArticle(values: NewsValues) {
  return call((db) => db.from('news').insert(values).select(NEWS_COLUMNS).single(), newsSchema);
}

import { faqSchema } from '@/domain/schemas';
import { call } from './call';
import { FAQ_COLUMNS } from './schemas';

export function fetchFaq(id: string) {
  return call((db) => db.from('faqs').select(FAQ_COLUMNS).eq('id', id).single(), faqSchema);
}

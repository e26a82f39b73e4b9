import { faqSchema, type FaqValues } from '@/domain/schemas';
import { call } from './call';
import { FAQ_COLUMNS } from './schemas';

export function createFaq(values: FaqValues) {
  return call((db) => db.from('faqs').insert(values).select(FAQ_COLUMNS).single(), faqSchema);
}

import { faqSchema, type FaqValues } from '@/domain/schemas';
import { call } from './call';
import { FAQ_COLUMNS } from './schemas';

export function updateFaq(id: string, values: FaqValues) {
  return call(
    (db) => db.from('faqs').update(values).eq('id', id).select(FAQ_COLUMNS).single(),
    faqSchema,
  );
}

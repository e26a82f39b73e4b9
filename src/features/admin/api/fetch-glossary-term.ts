import { glossarySchema } from '@/domain/schemas';
import { call } from './call';
import { GLOSSARY_COLUMNS } from './schemas';

export function fetchGlossaryTerm(id: string) {
  return call(
    (db) => db.from('glossary').select(GLOSSARY_COLUMNS).eq('id', id).single(),
    glossarySchema,
  );
}

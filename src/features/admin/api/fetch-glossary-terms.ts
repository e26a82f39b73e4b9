import { call } from './call';
import { GLOSSARY_COLUMNS, glossaryListSchema } from './schemas';

/** Every term, A to Z. */
export function fetchGlossaryTerms() {
  return call(
    (db) => db.from('glossary').select(GLOSSARY_COLUMNS).order('term', { ascending: true }),
    glossaryListSchema,
  );
}

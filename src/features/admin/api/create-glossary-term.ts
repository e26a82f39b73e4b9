import { glossarySchema, type GlossaryValues } from '@/domain/schemas';
import { call } from './call';
import { GLOSSARY_COLUMNS } from './schemas';

export function createGlossaryTerm(values: GlossaryValues) {
  return call(
    (db) => db.from('glossary').insert(values).select(GLOSSARY_COLUMNS).single(),
    glossarySchema,
  );
}

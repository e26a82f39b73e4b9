import { glossarySchema, type GlossaryValues } from '@/domain/schemas';
import { call } from './call';
import { GLOSSARY_COLUMNS } from './schemas';

export function updateGlossaryTerm(id: string, values: GlossaryValues) {
  return call(
    (db) => db.from('glossary').update(values).eq('id', id).select(GLOSSARY_COLUMNS).single(),
    glossarySchema,
  );
}

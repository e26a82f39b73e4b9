import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { GLOSSARY_COLUMNS, glossaryRowSchema, type GlossaryRow } from './schemas';

/** Every glossary term A to Z, with definitions so each term opens offline later. */
export async function fetchGlossaryList(): Promise<GlossaryRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('glossary')
    .select(GLOSSARY_COLUMNS)
    .order('term', { ascending: true });
  if (error) throw new Error(`Could not load the glossary: ${error.message}`);
  return z.array(glossaryRowSchema).parse(data);
}

import { getSupabase } from '@/lib/supabase';
import { GLOSSARY_COLUMNS, glossaryRowSchema, type GlossaryRow } from './schemas';

/** One glossary term by slug; null when no term has that slug. */
export async function fetchGlossaryTerm(slug: string): Promise<GlossaryRow | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('glossary')
    .select(GLOSSARY_COLUMNS)
    .eq('slug', slug)
    .maybeSingle();
  if (error) throw new Error(`Could not load glossary term "${slug}": ${error.message}`);
  return data === null ? null : glossaryRowSchema.parse(data);
}

import { getSupabase } from '@/lib/supabase';
import { NEWS_COLUMNS, newsRowSchema, type NewsRow } from './schemas';

/** One article by slug; null when no article has that slug. */
export async function fetchNewsArticle(slug: string): Promise<NewsRow | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('news')
    .select(NEWS_COLUMNS)
    .eq('slug', slug)
    .maybeSingle();
  if (error) throw new Error(`Could not load article "${slug}": ${error.message}`);
  return data === null ? null : newsRowSchema.parse(data);
}

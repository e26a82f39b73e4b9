import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { NEWS_COLUMNS, newsRowSchema, type NewsRow } from './schemas';

/** Every article, newest first, with its full text so each one can be read offline later. */
export async function fetchNewsList(): Promise<NewsRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('news')
    .select(NEWS_COLUMNS)
    .order('created_at', { ascending: false });
  if (error) throw new Error(`Could not load news: ${error.message}`);
  return z.array(newsRowSchema).parse(data);
}

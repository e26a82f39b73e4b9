import { z } from 'zod';
import { getSupabase } from '@/lib/supabase';
import { FAQ_COLUMNS, faqRowSchema, type FaqRow } from './schemas';

/** Every FAQ, newest first. */
export async function fetchFaqs(): Promise<FaqRow[]> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('faqs')
    .select(FAQ_COLUMNS)
    .order('created_at', { ascending: false });
  if (error) throw new Error(`Could not load FAQs: ${error.message}`);
  return z.array(faqRowSchema).parse(data);
}

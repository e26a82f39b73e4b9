import { z } from 'zod/mini';
import { localeSchema, type Locale } from '@/lib/i18n';
import { getSupabase } from '@/lib/supabase';

const profileLocaleRow = z.object({ locale: localeSchema });

/** The language saved in the signed-in user's settings row, or null before they chose one. */
export async function fetchProfileLocale(userId: string): Promise<Locale | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase
    .from('reminder_settings')
    .select('locale')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw new Error(error.message);
  if (data === null) return null;
  return profileLocaleRow.parse(data).locale;
}

/** Saves the choice for the user's other devices and their reminders; other columns stay. */
export async function saveProfileLocale(userId: string, locale: Locale): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase
    .from('reminder_settings')
    .upsert({ user_id: userId, locale }, { onConflict: 'user_id' });
  if (error) throw new Error(error.message);
}

import { activateLocale, storeLocale, type Locale } from '@/lib/i18n';
import { keepForOffline } from '@/features/pwa';
import { saveProfileLocale } from './profile-locale';

/**
 * The user's choice: shown at once, remembered on this device, and saved to their settings
 * when signed in (a failure there, e.g. offline, leaves the device's choice in force; the
 * next switch saves again).
 */
export async function switchLocale(locale: Locale, userId: string | null): Promise<void> {
  // Remembered first: the switch makes the routes' titles again (src/app.tsx), and their
  // guard (src/routes/_site.tsx) opens the page in the remembered language.
  storeLocale(locale);
  await activateLocale(locale);
  // Hindi's own code is kept for offline use from the moment it is chosen.
  if (locale === 'hi') void keepForOffline('hi');
  if (!userId) return;
  try {
    await saveProfileLocale(userId, locale);
  } catch (error) {
    console.error('Saving the language to the profile failed', error);
  }
}

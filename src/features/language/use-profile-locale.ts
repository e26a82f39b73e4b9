import { useEffect } from 'react';
import { activateLocale, activeLocale, initialLocale, storeLocale } from '@/lib/i18n';
import { fetchProfileLocale } from './profile-locale';

/**
 * When a user is signed in, their settings row's language wins over this device's: a choice
 * made on another device follows them here (the device then remembers it too).
 */
export function useProfileLocale(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let current = true;
    fetchProfileLocale(userId)
      .then(async (locale) => {
        if (!current || locale === null || locale === activeLocale()) return;
        storeLocale(locale);
        // A page whose address names its language (a guide at /hi/… or its English twin)
        // keeps it; every other page follows the choice.
        await activateLocale(initialLocale(window.location.pathname));
      })
      // Offline or not reachable: the device's own choice stays.
      .catch((error: unknown) => console.warn('Reading the profile language failed', error));
    return () => {
      current = false;
    };
  }, [userId]);
}

import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { hasUnsavedChanges } from '@/lib/unsaved-changes';
import { toast } from '@/lib/toast';
import { OPEN_REMINDER_MESSAGE } from '@/sw/constants';
import { useLocale, useT } from '@/lib/use-i18n';
import { setActiveUser, setReminderLocale, withReminderStore } from '@/sw/reminder-store';
import { keepPeriodicRemindersRegistered } from './periodic-sync';
import { receiveWorkerMessages } from './worker-messages';

function reminderUrlFrom(data: unknown): URL | null {
  if (typeof data !== 'object' || data === null) return null;
  if (!('type' in data) || data.type !== OPEN_REMINDER_MESSAGE) return null;
  if (!('url' in data) || typeof data.url !== 'string') return null;
  try {
    const url = new URL(data.url, window.location.origin);
    return url.origin === window.location.origin ? url : null;
  } catch {
    return null;
  }
}

/**
 * The device side of reminders, mounted once in the site layout: tells the service worker
 * who is signed in (so it reminds only that account) and in which language, registers the daily background check,
 * and opens the policy a notification click asks for.
 */
export function ReminderAgent({ userId, ready }: { userId: string | null; ready: boolean }) {
  const navigate = useNavigate();
  const locale = useLocale();
  const t = useT();

  useEffect(() => {
    if (typeof indexedDB === 'undefined') return;
    void withReminderStore(indexedDB, (db) => setReminderLocale(db, locale)).catch(() => undefined);
  }, [locale]);

  useEffect(() => {
    if (!ready || typeof indexedDB === 'undefined') return;
    void withReminderStore(indexedDB, (db) => setActiveUser(db, userId)).catch(() => undefined);
    if (userId) return keepPeriodicRemindersRegistered();
    return undefined;
  }, [userId, ready]);

  useEffect(() => {
    const onMessage = (data: unknown) => {
      const url = reminderUrlFrom(data);
      if (!url) return;
      if (hasUnsavedChanges()) {
        toast({
          title: t('reminders.agentTitle'),
          description: t('reminders.agentText'),
        });
        return;
      }
      void navigate({ href: url.pathname + url.search + url.hash });
    };
    return receiveWorkerMessages(onMessage);
  }, [navigate, t]);

  return null;
}

import { i18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { PolicyView } from '@/sync';
import { policySummary } from './policy-summary';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Share on a policy: the system's share sheet where there is one (phones: WhatsApp, Messages,
 * mail), else the summary (in the user's language) goes to the clipboard and a toast says so. Made on the device, so it
 * works offline.
 */
export async function sharePolicy(policy: PolicyView): Promise<void> {
  const { title, text } = policySummary((id, values) => i18n._(id, values), policy);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text });
      return;
    } catch (error) {
      // The user closed the sheet: nothing to say. Anything else (no user gesture left, a
      // refused share target) falls back to the clipboard.
      if (isAbort(error)) return;
    }
  }
  await navigator.clipboard.writeText(text);
  toast({
    title: i18n._('tracker.share.copied'),
    description: i18n._('tracker.share.paste'),
  });
}

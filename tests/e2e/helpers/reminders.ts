import type { CDPSession, Page } from 'playwright-core';

/** Today where the browser is (the e2e browser runs in Asia/Kolkata). */
export function browserToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  url: unknown;
}

/** The notifications the service worker is showing now. */
export function notifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: unknown } | null)?.url,
    }));
  });
}

/** The origin and registration id CDP's ServiceWorker commands need. */
export async function serviceWorkerTarget(
  cdp: CDPSession,
  origin: string,
): Promise<{ origin: string; registrationId: string }> {
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => !r.isDeleted && new URL(r.scopeURL).origin === origin);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { origin, registrationId: await registrationId };
}

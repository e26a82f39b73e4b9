// Imported as it is by the hosted Edge Function (supabase/functions/renewal-reminders), which
// Deno type-checks and bundles, as well as by the app, the service worker and the local
// server: it imports nothing, so a deployed function needs no other file of src/.

/** What a reminder is about, as every path (app, service worker, push job) can read it. */
export interface ReminderSubject {
  insurerName: string;
  /** null when the policy's type is unknown on this device or was removed. */
  typeName: string | null;
  /** The premium in rupees; null when none was entered. */
  premiumAmount: number | null;
}

export interface ReminderNotification {
  title: string;
  body: string;
  /** The de-duplication key: a second notification with the same tag replaces, never adds. */
  tag: string;
  url: string;
}

/** The parts of a due reminder (./reminders.ts's DueReminder) its text depends on. */
export interface ReminderFacts {
  policyId: string;
  /** `YYYY-MM-DD` */
  dueDate: string;
  /** Negative once lapsed. */
  daysLeft: number;
  key: string;
}

/**
 * The languages a notification is written in (src/lib/i18n.ts's locales). Notification text is
 * the one consumer text kept here rather than in the PO catalogs: the service worker, the local
 * server and the Deno Edge Function all build it, and this file must import nothing.
 */
export type ReminderLocale = 'en' | 'hi';

const MONTHS: Record<ReminderLocale, string[]> = {
  en: 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' '),
  hi: 'जनवरी फ़रवरी मार्च अप्रैल मई जून जुलाई अगस्त सितंबर अक्टूबर नवंबर दिसंबर'.split(' '),
};

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

function days(n: number): string {
  return n === 1 ? '1 day' : `${n} days`;
}

/** 'renews in 7 days', 'renews tomorrow', 'is due today', 'lapsed 3 days ago'. */
export function reminderPhrase(reminder: Pick<ReminderFacts, 'daysLeft'>): string {
  const { daysLeft } = reminder;
  if (daysLeft < 0) return `lapsed ${days(-daysLeft)} ago`;
  if (daysLeft === 0) return 'is due today';
  if (daysLeft === 1) return 'renews tomorrow';
  return `renews in ${days(daysLeft)}`;
}

/**
 * '24 Nov', with the year only when it is not the current one ('5 Jan 2027'). Today is the
 * due date less the days left, so every path words it from the same calendar.
 */
export function reminderDate(
  reminder: Pick<ReminderFacts, 'dueDate' | 'daysLeft'>,
  locale: ReminderLocale = 'en',
): string {
  const [year = 0, month = 1, day = 1] = reminder.dueDate.split('-').map(Number);
  const thisYear = new Date(Date.UTC(year, month - 1, day - reminder.daysLeft)).getUTCFullYear();
  const dayMonth = `${day} ${MONTHS[locale][month - 1] ?? ''}`;
  return thisYear === year ? dayMonth : `${dayMonth} ${year}`;
}

/** Whole rupees in Indian grouping, as everywhere in the app: '₹18,500'. */
export function reminderPremium(amount: number | null): string | null {
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return null;
  return rupees.format(Math.round(amount));
}

/** The policy's own page in the app (/policy-tracker/$policyId). */
export function policyPagePath(policyId: string): string {
  return `/policy-tracker/${encodeURIComponent(policyId)}`;
}

/**
 * Where a reminder opens: the policy's page, with everything needed to act on it (Mark
 * Renewed, the helplines). A notification click and a calendar entry open this. The
 * dashboard's `?highlight=<id>`, which earlier notifications carried, still brings that
 * policy's card into view.
 */
export function reminderUrl(policyId: string): string {
  return policyPagePath(policyId);
}

function when(reminder: ReminderFacts): string {
  const date = reminderDate(reminder);
  if (reminder.daysLeft < 0) return `lapsed on ${date}`;
  if (reminder.daysLeft === 0) return `is due today, ${date}`;
  return `renews on ${date}`;
}

function englishNotification(reminder: ReminderFacts, subject: ReminderSubject) {
  const premium = reminderPremium(subject.premiumAmount);
  const title = `${subject.insurerName} ${when(reminder)}${premium ? ` — premium ${premium}` : ''}`;
  const type = subject.typeName?.trim();
  const phrase = reminderPhrase(reminder).replace(/^is /, '');
  const soon = type
    ? `${type} policy, ${phrase}.`
    : `${phrase[0]?.toUpperCase()}${phrase.slice(1)}.`;
  const action =
    reminder.daysLeft < 0
      ? 'Renew it with your insurer to restore cover, then mark it renewed in BimaGuide.'
      : 'Open BimaGuide to see the policy and mark it renewed once paid.';
  return { title, body: `${soon} ${action}` };
}

/**
 * The global policy types (supabase/seed.sql) as Hindi says them, as the app's catalogs do
 * (tracker.type.*); a type the user named stays as they typed it.
 */
const hindiTypeNames: Record<string, string> = { Vehicle: 'वाहन', Health: 'हेल्थ', Term: 'टर्म' };

/** The same facts in plain Hindi, with the words people use ("पॉलिसी", "प्रीमियम", "रिन्यूअल", "लैप्स"). */
function hindiNotification(reminder: ReminderFacts, subject: ReminderSubject) {
  const { daysLeft } = reminder;
  const date = reminderDate(reminder, 'hi');
  const premium = reminderPremium(subject.premiumAmount);
  const whenText =
    daysLeft < 0
      ? `${date} को लैप्स हो गई`
      : daysLeft === 0
        ? `का रिन्यूअल आज, ${date} को है`
        : `का रिन्यूअल ${date} को है`;
  const title = `${subject.insurerName} ${whenText}${premium ? ` — प्रीमियम ${premium}` : ''}`;
  const phrase =
    daysLeft < 0
      ? `${-daysLeft} दिन पहले लैप्स हो गई`
      : daysLeft === 0
        ? 'आज देय है'
        : daysLeft === 1
          ? 'कल रिन्यूअल है'
          : `${daysLeft} दिन में रिन्यूअल है`;
  const typed = subject.typeName?.trim();
  const type = typed ? (hindiTypeNames[typed] ?? typed) : typed;
  const soon = type ? `${type} पॉलिसी, ${phrase}।` : `पॉलिसी ${phrase}।`;
  const action =
    daysLeft < 0
      ? 'कवर फिर से पाने के लिए बीमा कंपनी से इसे रिन्यू कराएँ, फिर BimaGuide में “रिन्यू हो गई” दबाएँ।'
      : 'पॉलिसी देखने के लिए BimaGuide खोलें, और भुगतान के बाद “रिन्यू हो गई” दबाएँ।';
  return { title, body: `${soon} ${action}` };
}

/**
 * One notification's content; the same text whether it came from the device or a push:
 * 'Star Health renews on 24 Nov — premium ₹18,500' (the date and the amount to pay are what
 * someone needs to act), with the type and how soon in the body; in the user's language.
 */
export function reminderNotification(
  reminder: ReminderFacts,
  subject: ReminderSubject,
  locale: ReminderLocale = 'en',
): ReminderNotification {
  const text =
    locale === 'hi' ? hindiNotification(reminder, subject) : englishNotification(reminder, subject);
  return { ...text, tag: reminder.key, url: reminderUrl(reminder.policyId) };
}

/** A stored language choice as a notification language; anything else reads as English. */
export function reminderLocale(value: unknown): ReminderLocale {
  return value === 'hi' ? 'hi' : 'en';
}

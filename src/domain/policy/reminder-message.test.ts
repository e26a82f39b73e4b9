import { describe, expect, it } from 'vitest';
import { dueReminders } from './reminders';
import {
  reminderNotification,
  reminderPhrase,
  reminderLocale,
  reminderUrl,
  type ReminderLocale,
  type ReminderSubject,
} from './reminder-message';
import { normaliseThresholds, reminderSettingsFrom } from './reminder-settings';

const TODAY = '2025-06-01';
const star: ReminderSubject = {
  insurerName: 'Star Health',
  typeName: 'Health',
  premiumAmount: 18500,
};

function notificationFor(
  due: string,
  subject = star,
  today = TODAY,
  locale: ReminderLocale = 'en',
) {
  const [reminder] = dueReminders([{ id: 'p1', nextRenewalDate: due }], today);
  if (!reminder) throw new Error('not due');
  return reminderNotification(reminder, subject, locale);
}

describe('reminder notification text', () => {
  it('says the date and the premium, with the type and how soon in the body', () => {
    expect(notificationFor('2025-06-08')).toEqual({
      title: 'Star Health renews on 8 Jun — premium ₹18,500',
      body: 'Health policy, renews in 7 days. Open BimaGuide to see the policy and mark it renewed once paid.',
      tag: 'p1:2025-06-08:7',
      url: '/policy-tracker/p1',
    });
    expect(notificationFor('2025-11-24', star, '2025-11-17').title).toBe(
      'Star Health renews on 24 Nov — premium ₹18,500',
    );
    expect(notificationFor('2025-06-02').body).toMatch(/^Health policy, renews tomorrow\. /);
  });

  it('says due today and lapsed clearly, with the date', () => {
    const today = notificationFor(TODAY);
    expect(today.title).toBe('Star Health is due today, 1 Jun — premium ₹18,500');
    expect(today.body).toMatch(/^Health policy, due today\. /);
    const lapsed = notificationFor('2025-05-20');
    expect(lapsed.title).toBe('Star Health lapsed on 20 May — premium ₹18,500');
    expect(lapsed.body).toBe(
      'Health policy, lapsed 12 days ago. Renew it with your insurer to restore cover, then mark it renewed in BimaGuide.',
    );
    expect(lapsed.tag).toBe('p1:2025-05-20:lapsed');
    expect(notificationFor('2025-05-31').body).toMatch(/^Health policy, lapsed 1 day ago\. /);
  });

  it('names the year only when the date is in another one', () => {
    expect(notificationFor('2026-01-05', star, '2025-12-29').title).toBe(
      'Star Health renews on 5 Jan 2026 — premium ₹18,500',
    );
    expect(notificationFor('2025-12-20', star, '2026-01-02').title).toBe(
      'Star Health lapsed on 20 Dec 2025 — premium ₹18,500',
    );
  });

  it('leaves the premium out when none was entered, and rounds it to whole rupees', () => {
    const acko = { insurerName: 'Acko', typeName: null, premiumAmount: null };
    const plain = notificationFor('2025-06-08', acko);
    expect(plain.title).toBe('Acko renews on 8 Jun');
    expect(plain.body).toMatch(/^Renews in 7 days\. /);
    expect(notificationFor('2025-06-08', { ...acko, typeName: '  ' }).body).toMatch(/^Renews/);
    expect(notificationFor('2025-06-08', { ...acko, premiumAmount: 0 }).title).toBe(
      'Acko renews on 8 Jun',
    );
    expect(notificationFor('2025-06-08', { ...star, premiumAmount: 1250000.6 }).title).toBe(
      'Star Health renews on 8 Jun — premium ₹12,50,001',
    );
  });

  it('phrases any day count and encodes the policy id in the URL', () => {
    expect(reminderPhrase({ daysLeft: 3 })).toBe('renews in 3 days');
    expect(reminderUrl('a b&c')).toBe('/policy-tracker/a%20b%26c');
  });
});

describe('reminder notification text in Hindi', () => {
  const hindi = (due: string, subject = star, today = TODAY) =>
    notificationFor(due, subject, today, 'hi');

  it('says the date with the Hindi month, the premium in rupees, and how soon', () => {
    expect(hindi('2025-06-08')).toEqual({
      title: 'Star Health का रिन्यूअल 8 जून को है — प्रीमियम ₹18,500',
      body: 'हेल्थ पॉलिसी, 7 दिन में रिन्यूअल है। पॉलिसी देखने के लिए BimaGuide खोलें, और भुगतान के बाद “रिन्यू हो गई” दबाएँ।',
      tag: 'p1:2025-06-08:7',
      url: '/policy-tracker/p1',
    });
    expect(hindi('2025-06-02').body).toMatch(/^हेल्थ पॉलिसी, कल रिन्यूअल है। /);
    expect(hindi('2026-01-05', star, '2025-12-29').title).toBe(
      'Star Health का रिन्यूअल 5 जनवरी 2026 को है — प्रीमियम ₹18,500',
    );
  });

  it('says due today and lapsed plainly, with no English words but names', () => {
    expect(hindi(TODAY).title).toBe('Star Health का रिन्यूअल आज, 1 जून को है — प्रीमियम ₹18,500');
    const lapsed = hindi('2025-05-20', {
      insurerName: 'Acko',
      typeName: null,
      premiumAmount: null,
    });
    expect(lapsed.title).toBe('Acko 20 मई को लैप्स हो गई');
    expect(lapsed.body).toBe(
      'पॉलिसी 12 दिन पहले लैप्स हो गई। कवर फिर से पाने के लिए बीमा कंपनी से इसे रिन्यू कराएँ, फिर BimaGuide में “रिन्यू हो गई” दबाएँ।',
    );
    expect(`${lapsed.title} ${lapsed.body}`.replace(/Acko|BimaGuide/g, '')).not.toMatch(/[A-Za-z]/);
  });

  it('reads a stored choice, English for anything it does not know', () => {
    expect(reminderLocale('hi')).toBe('hi');
    expect(reminderLocale('en')).toBe('en');
    expect(reminderLocale('fr')).toBe('en');
    expect(reminderLocale(null)).toBe('en');
  });
});

describe('reminder settings', () => {
  it('keeps whole days 0-365, unique, largest first', () => {
    expect(normaliseThresholds([7, 30, 7, 0, 1])).toEqual([30, 7, 1, 0]);
    expect(normaliseThresholds([3, -1, 400, 2.5, '7', null])).toEqual([3]);
  });

  it('falls back to the defaults when nothing usable is stored', () => {
    expect(normaliseThresholds([])).toEqual([30, 7, 1, 0]);
    expect(normaliseThresholds('7')).toEqual([30, 7, 1, 0]);
    expect(reminderSettingsFrom(undefined)).toEqual({ thresholds: [30, 7, 1, 0] });
    expect(reminderSettingsFrom({ thresholds: [14] })).toEqual({ thresholds: [14] });
  });
});

import ICAL from 'ical.js';
import rrule from 'rrule';
import { describe, expect, it } from 'vitest';
import { addMonths } from '../policy/dates';
import { nextRenewalAfter } from '../policy/renewal';
import { renewalFrequencies } from '../schemas/policy';
import {
  calendarFileName,
  renewalCalendar,
  renewalRrule,
  type CalendarFrequency,
  type CalendarPolicy,
} from './ics';

const stamp = new Date('2026-11-25T10:00:00Z');
const options = {
  name: 'BimaGuide renewals',
  appOrigin: 'https://bimaguide.example',
  reminderDays: [30, 7, 1, 0],
  stamp,
};

function policy(overrides: Partial<CalendarPolicy> = {}): CalendarPolicy {
  return {
    id: '6f1c6c2e-3b7e-4a53-9d0a-0f5d6e0d2a11',
    insurerName: 'Star Health',
    policyNumber: 'SH-1',
    typeName: 'Health',
    startDate: '2025-11-24',
    nextRenewalDate: '2026-11-24',
    renewalFrequency: 'yearly',
    premiumAmount: 18500,
    ...overrides,
  };
}

/** Parses with Mozilla's ical.js, an independent RFC 5545 reader: the text must be valid. */
function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  return component.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
}

/**
 * The first `count` dates of the event's rule, expanded by the rrule library (ical.js skips
 * BYSETPOS with BYMONTHDAY; RFC 5545 and the big calendar apps do not).
 */
function occurrences(event: ICAL.Event, count: number): string[] {
  const start = event.startDate.toString().replaceAll('-', '');
  const rule = String(event.component.getFirstPropertyValue('rrule'));
  return rrule
    .rrulestr(`DTSTART:${start}T000000Z\nRRULE:${rule}`)
    .all((_, i) => i < count)
    .map((d) => d.toISOString().slice(0, 10));
}

const months: Record<CalendarFrequency, number> = Object.fromEntries(
  renewalFrequencies.map((f) => [f.value, f.months]),
) as Record<CalendarFrequency, number>;

describe('renewalRrule', () => {
  it.each([
    ['monthly', 'FREQ=MONTHLY'],
    ['6-monthly', 'FREQ=MONTHLY;INTERVAL=6'],
    ['yearly', 'FREQ=YEARLY'],
    ['3-yearly', 'FREQ=YEARLY;INTERVAL=3'],
  ] as const)('repeats a %s policy by its period', (frequency, rule) => {
    expect(renewalRrule('2026-11-24', frequency)).toBe(rule);
  });

  it('keeps a day after the 28th on the month end where a month is shorter', () => {
    expect(renewalRrule('2026-01-31', 'monthly')).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
    expect(renewalRrule('2026-08-30', '6-monthly')).toBe(
      'FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=28,29,30;BYSETPOS=-1',
    );
    expect(renewalRrule('2028-02-29', '3-yearly')).toBe(
      'FREQ=YEARLY;INTERVAL=3;BYMONTH=2;BYMONTHDAY=-1',
    );
    expect(renewalRrule('2026-01-31', 'yearly')).toBe('FREQ=YEARLY');
  });

  it('keeps to the renewal day given, from a date a short month cut', () => {
    expect(renewalRrule('2026-02-28', 'monthly', 31)).toBe('FREQ=MONTHLY;BYMONTHDAY=-1');
    expect(renewalRrule('2027-02-28', '6-monthly', 30)).toBe(
      'FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=28,29,30;BYSETPOS=-1',
    );
    expect(renewalRrule('2025-02-28', 'yearly', 29)).toBe('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1');
    expect(renewalRrule('2026-02-28', 'monthly', 28)).toBe('FREQ=MONTHLY');
  });
});

describe('renewalCalendar', () => {
  it.each(['monthly', '6-monthly', 'yearly', '3-yearly'] as const)(
    'a %s renewal falls on the dates the app would renew it to, month ends included',
    (frequency) => {
      for (const start of ['2026-01-31', '2026-01-29', '2026-08-30', '2028-02-29', '2026-11-24']) {
        const [event] = parse(
          renewalCalendar(
            [policy({ startDate: start, nextRenewalDate: start, renewalFrequency: frequency })],
            options,
          ),
        );
        if (!event) throw new Error('no event');
        const expected = Array.from({ length: 8 }, (_, k) =>
          addMonths(start, k * months[frequency]),
        );
        expect(occurrences(event, 8), `${frequency} from ${start}`).toEqual(expected);
      }
    },
  );

  it('is an all-day event that names the insurer, the type, the number and the premium', () => {
    const text = renewalCalendar([policy()], options);
    expect(text).toContain('DTSTART;VALUE=DATE:20261124');
    const [event] = parse(text);
    expect(event?.summary).toBe('Star Health Health renewal');
    expect(event?.description).toContain('Policy number: SH-1');
    expect(event?.description).toContain('Premium: ₹18,500');
    expect(event?.description).toContain(
      'https://bimaguide.example/policy-tracker/6f1c6c2e-3b7e-4a53-9d0a-0f5d6e0d2a11',
    );
    expect(event?.uid).toBe('6f1c6c2e-3b7e-4a53-9d0a-0f5d6e0d2a11@bimaguide');
  });

  it('alerts at 9 in the morning on each of the reminder days', () => {
    const text = renewalCalendar([policy()], options);
    // Relative to the day's start: an all-day event's end is the next midnight.
    expect(text).not.toContain('RELATED=END');
    const [event] = parse(text);
    const alarms = event?.component.getAllSubcomponents('valarm') ?? [];
    const triggers = alarms.map((alarm) => String(alarm.getFirstPropertyValue('trigger')));
    expect(triggers).toEqual(['-P29DT15H', '-P6DT15H', '-PT15H', 'PT9H']);
    expect(alarms.map((alarm) => alarm.getFirstPropertyValue('description'))).toEqual([
      'Star Health renews in 30 days',
      'Star Health renews in 7 days',
      'Star Health renews in 1 day',
      'Star Health renews today',
    ]);
  });

  it('leaves out a premium that is not set and a type that is unknown', () => {
    const [event] = parse(
      renewalCalendar([policy({ premiumAmount: null, typeName: null })], options),
    );
    expect(event?.summary).toBe('Star Health renewal');
    expect(event?.description).not.toContain('Premium');
  });

  it('escapes text a user typed so it cannot add properties or events', () => {
    const text = renewalCalendar(
      [policy({ insurerName: 'Evil\r\nEND:VEVENT\r\nBEGIN:VEVENT;x', policyNumber: 'a,b;c' })],
      options,
    );
    const events = parse(text);
    expect(events).toHaveLength(1);
    expect(events[0]?.description).toContain('Policy number: a,b;c');
  });

  it('holds every policy', () => {
    const events = parse(
      renewalCalendar(
        [policy(), policy({ id: '0b9e0f9e-1d2c-4a4b-8c5d-6e7f8091a2b3', insurerName: 'HDFC' })],
        options,
      ),
    );
    expect(events.map((e) => e.summary)).toEqual([
      'Star Health Health renewal',
      'HDFC Health renewal',
    ]);
  });
});

describe('calendarFileName', () => {
  it('is a plain file name', () => {
    expect(calendarFileName({ insurerName: 'Star Health', policyNumber: 'SH/1 2' })).toBe(
      'star-health-sh-1-2-renewal.ics',
    );
    expect(calendarFileName({ insurerName: 'स्टार', policyNumber: '' })).toBe('policy-renewal.ics');
  });
});

describe('Mark Renewed and the calendar file agree', () => {
  it.each(['monthly', '6-monthly', 'yearly', '3-yearly'] as const)(
    'renewing a %s policy again and again gives the dates its .ics repeats on, month ends included',
    (frequency) => {
      for (const start of ['2026-01-31', '2026-01-30', '2026-01-29', '2026-08-31', '2028-02-29']) {
        // Mark Renewed eight times, as the app does it.
        const app = [start];
        while (app.length < 9) {
          app.push(
            nextRenewalAfter({
              start_date: start,
              next_renewal_date: app.at(-1) ?? start,
              renewal_frequency: frequency,
            }),
          );
        }
        // The .ics made before any renewal, and one made after each (the feed, a new download):
        // each repeats on the dates still to come.
        app.slice(0, 5).forEach((next, renewals) => {
          const [event] = parse(
            renewalCalendar(
              [policy({ startDate: start, nextRenewalDate: next, renewalFrequency: frequency })],
              options,
            ),
          );
          if (!event) throw new Error('no event');
          expect(
            occurrences(event, 5),
            `${frequency} from ${start}, after ${renewals} renewals`,
          ).toEqual(app.slice(renewals, renewals + 5));
        });
      }
    },
  );
});

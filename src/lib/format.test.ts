import { describe, expect, it, vi } from 'vitest';
import {
  formatIndianInputText,
  formatIndianInputWithCaret,
  formatIndianNumber,
  formatDate,
  formatRupees,
  groupIndianDigits,
  parseIndianNumber,
} from './format';
import { intlLocale, type Locale } from './i18n';

describe('formatRupees', () => {
  it.each([
    [27_000_000, '₹2,70,00,000'],
    [0, '₹0'],
    [999, '₹999'],
    [1000, '₹1,000'],
    [100_000, '₹1,00,000'],
    [57_806.4357, '₹57,806'],
    [5_208.5, '₹5,209'],
    [86_152_367.5937, '₹8,61,52,368'],
    [-0.2, '₹0'],
  ])('%d → %s', (amount, text) => {
    expect(formatRupees(amount)).toBe(text);
  });
});

describe('groupIndianDigits', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['123', '123'],
    ['1234', '1,234'],
    ['150000', '1,50,000'],
    ['1500000', '15,00,000'],
    ['123456789012', '1,23,45,67,89,012'],
  ])('%j → %j', (digits, grouped) => {
    expect(groupIndianDigits(digits)).toBe(grouped);
  });
});

describe('formatIndianNumber', () => {
  it('groups without a currency sign', () => {
    expect(formatIndianNumber(1_500_000)).toBe('15,00,000');
    expect(formatIndianNumber(1234.5)).toBe('1,234.5');
  });
});

describe('parseIndianNumber', () => {
  it.each([
    ['15,00,000', 1_500_000],
    ['₹ 2,70,00,000', 27_000_000],
    ['1,234.50', 1234.5],
    ['-500', -500],
    ['', null],
    ['abc', null],
    ['12a', null],
    ['-', null],
  ])('%j → %j', (text, value) => {
    expect(parseIndianNumber(text)).toBe(value);
  });
});

describe('formatIndianInputText', () => {
  it.each([
    ['1500000', '15,00,000'],
    ['15,00,0001', '1,50,00,001'],
    ['1,5', '15'],
    ['12345.', '12,345.'],
    ['12345.6', '12,345.6'],
    ['-150000', '-1,50,000'],
    ['007', '7'],
    ['0.5', '0.5'],
    ['', ''],
    ['12abc', '12abc'],
  ])('%j shows as %j', (typed, shown) => {
    expect(formatIndianInputText(typed)).toBe(shown);
  });
});

describe('formatIndianInputWithCaret', () => {
  it('keeps the caret after the digit just typed', () => {
    // Typing "5" at the front of "10,000" (caret after the 5).
    expect(formatIndianInputWithCaret('510,000', 1)).toEqual({ text: '5,10,000', caret: 1 });
    // Typing "5" after the "1" of "10,000".
    expect(formatIndianInputWithCaret('150,000', 2)).toEqual({ text: '1,50,000', caret: 3 });
    // Typing a 6th digit at the end.
    expect(formatIndianInputWithCaret('10,0000', 7)).toEqual({ text: '1,00,000', caret: 8 });
  });

  it('keeps the caret in the middle after a deletion', () => {
    // "1,50,000" with the "5" deleted → "1,0,000" caret after "1,"
    expect(formatIndianInputWithCaret('1,0,000', 2)).toEqual({ text: '10,000', caret: 1 });
  });

  it('leaves non-numeric text and caret alone', () => {
    expect(formatIndianInputWithCaret('12x', 3)).toEqual({ text: '12x', caret: 3 });
  });
});

describe('in Hindi', () => {
  it('writes rupees with ₹ and Indian grouping in both languages', () => {
    expect(formatRupees(27000000, 'hi')).toBe('₹2,70,00,000');
    expect(formatRupees(27000000, 'en')).toBe('₹2,70,00,000');
    expect(formatIndianNumber(1500000, 'hi')).toBe('15,00,000');
  });

  it('names the month in Hindi and in English', () => {
    expect(formatDate('2026-11-24', 'long', 'hi')).toBe('24 नवंबर 2026');
    expect(formatDate('2026-11-24', 'long', 'en')).toBe('24 November 2026');
    expect(formatDate('2026-11-24', 'short', 'en')).toBe('24 Nov 2026');
  });

  it('keeps text that is not a date as it is', () => {
    expect(formatDate('soon', 'short', 'hi')).toBe('soon');
  });
});

describe('a list of dates', () => {
  it('is written without making a date formatter (the first one reads ICU data: issue 22)', () => {
    const Original = Intl.DateTimeFormat;
    let made = 0;
    const spy = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof Original>
    ) {
      made += 1;
      return new Original(...args);
    });
    const days = Array.from(
      { length: 30 },
      (_, day) => `2026-11-${String(day + 1).padStart(2, '0')}`,
    );
    const written = days.map((day) => formatDate(day, 'published', 'hi'));
    expect(written[0]).toBe('1 नवंबर 2026');
    expect(written[29]).toBe('30 नवंबर 2026');
    expect(made).toBe(0);
    spy.mockRestore();
  });
});

describe('a date in words', () => {
  it('reads as Intl writes it, every month, in both languages and every style', () => {
    const styles = {
      short: { day: 'numeric', month: 'short', year: 'numeric' },
      long: { day: 'numeric', month: 'long', year: 'numeric' },
      month: { month: 'long', year: 'numeric' },
    } as const;
    for (const locale of ['en', 'hi'] as const satisfies readonly Locale[]) {
      for (const [style, options] of Object.entries(styles)) {
        const intl = new Intl.DateTimeFormat(intlLocale[locale], { ...options, timeZone: 'UTC' });
        for (let month = 1; month <= 12; month += 1) {
          const day = `2026-${String(month).padStart(2, '0')}-0${(month % 9) + 1}`;
          expect(formatDate(day, style as keyof typeof styles, locale)).toBe(
            intl.format(Date.parse(`${day}T00:00:00Z`)),
          );
        }
      }
    }
  });

  it("writes a news article's day as it was in India, on a device anywhere", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      // 20:00 UTC on 26 November is 01:30 on the 27th in India.
      expect(formatDate('2026-11-26T20:00:00Z', 'published', 'en')).toBe('27 November 2026');
      expect(formatDate('2026-11-26T18:29:00Z', 'published', 'hi')).toBe('26 नवंबर 2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe("a moment's day", () => {
  it('follows the device to another time zone while the app stays open', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'UTC';
      expect(formatDate('2026-11-26T20:00:00Z', 'short', 'en')).toBe('26 Nov 2026');
      process.env.TZ = 'Asia/Kolkata';
      expect(formatDate('2026-11-26T20:00:00Z', 'short', 'en')).toBe('27 Nov 2026');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

/**
 * Indian-locale number and date formatting shared by every screen that shows or takes money
 * or dates, in the active language (src/lib/i18n.ts) unless one is given.
 * Currency is rupees without decimals (spec §9), e.g. ₹2,70,00,000, in English and Hindi alike
 * (hi-IN writes Latin digits with the same lakh/crore grouping).
 */
import { activeLocale, intlLocale, type Locale } from './i18n';

// Its own module: the footer on every page needs only this one, and a module is bundled whole
// with every export anything uses (issue 22: the first download).
export { formatDate, formatMoment } from './format-date';

const rupeeFormatters = new Map<Locale, Intl.NumberFormat>();

function rupeeFormatter(locale: Locale): Intl.NumberFormat {
  let formatter = rupeeFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale[locale], {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    rupeeFormatters.set(locale, formatter);
  }
  return formatter;
}

/** Formats an amount as whole rupees, e.g. 27000000 → "₹2,70,00,000". */
export function formatRupees(amount: number, locale: Locale = activeLocale()): string {
  if (!Number.isFinite(amount)) return '—';
  // Rounding first keeps tiny negatives (float noise such as -0.2) from printing as "-₹0".
  const rounded = Math.round(amount);
  return rupeeFormatter(locale).format(rounded === 0 ? 0 : rounded);
}

/**
 * Groups a string of digits the Indian way: the last three digits, then pairs.
 * "1500000" → "15,00,000". Works on text so long inputs never lose precision.
 */
export function groupIndianDigits(digits: string): string {
  if (digits.length <= 3) return digits;
  const lastThree = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const pairs = rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${pairs},${lastThree}`;
}

/** Formats a number with Indian grouping and no currency sign, e.g. 1500000 → "15,00,000". */
const numberFormatters = new Map<Locale, Intl.NumberFormat>();

export function formatIndianNumber(value: number, locale: Locale = activeLocale()): string {
  if (!Number.isFinite(value)) return '';
  // One formatter per language, as for rupees: making one costs far more than formatting, and
  // the dashboard formats its counts on every keystroke in the search.
  let formatter = numberFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale[locale], { maximumFractionDigits: 2 });
    numberFormatters.set(locale, formatter);
  }
  return formatter.format(value);
}

const SEPARATORS = /[,\s\u00a0₹]/g;
// Non-global twin: a /g regex keeps lastIndex between .test() calls and would skip matches.
const SEPARATOR_CHAR = /[,\s\u00a0₹]/;
const NUMERIC_TEXT = /^-?\d*(\.\d*)?$/;

/**
 * Reads what a user typed into a number field: grouping commas, spaces and a rupee sign are
 * ignored. Returns null for empty or non-numeric text so callers can tell the user.
 */
export function parseIndianNumber(text: string): number | null {
  const compact = text.replace(SEPARATORS, '');
  if (compact === '' || compact === '-' || compact === '.' || !NUMERIC_TEXT.test(compact)) {
    return null;
  }
  const value = Number(compact);
  return Number.isFinite(value) ? value : null;
}

/**
 * Re-groups number text while it is being typed ("1500000" → "15,00,000"), keeping a
 * half-typed decimal part ("12345." stays editable). Text that is not a number is returned
 * unchanged so validation can say what is wrong instead of silently dropping characters.
 */
export function formatIndianInputText(text: string): string {
  const compact = text.replace(SEPARATORS, '');
  if (compact === '' || !NUMERIC_TEXT.test(compact)) return text;
  const negative = compact.startsWith('-');
  const unsigned = negative ? compact.slice(1) : compact;
  const dot = unsigned.indexOf('.');
  const whole = dot === -1 ? unsigned : unsigned.slice(0, dot);
  const fraction = dot === -1 ? '' : unsigned.slice(dot);
  // Leading zeros would group oddly ("0,01,500"); "0" alone or before a decimal point stays.
  const trimmedWhole = whole.replace(/^0+(?=\d)/, '');
  return `${negative ? '-' : ''}${groupIndianDigits(trimmedWhole)}${fraction}`;
}

/**
 * Same as formatIndianInputText, also moving the caret so it stays after the same digit the
 * user was typing at (otherwise every inserted comma would throw the caret to the end).
 */
export function formatIndianInputWithCaret(
  text: string,
  caret: number,
): { text: string; caret: number } {
  const formatted = formatIndianInputText(text);
  if (formatted === text) return { text, caret };
  const isSignificant = (ch: string) => !SEPARATOR_CHAR.test(ch);
  const significantBefore = countSignificant(text.slice(0, caret), isSignificant);
  const leadingZerosDropped =
    countSignificant(text, isSignificant) - countSignificant(formatted, isSignificant);
  let remaining = Math.max(0, significantBefore - leadingZerosDropped);
  let position = 0;
  while (position < formatted.length && remaining > 0) {
    const ch = formatted.charAt(position);
    if (isSignificant(ch)) remaining -= 1;
    position += 1;
  }
  return { text: formatted, caret: position };
}

function countSignificant(text: string, isSignificant: (ch: string) => boolean): number {
  let count = 0;
  for (const ch of text) if (isSignificant(ch)) count += 1;
  return count;
}

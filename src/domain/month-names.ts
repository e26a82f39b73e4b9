/**
 * The month names ICU writes for en-IN and hi-IN (src/lib/format.test.ts compares every one
 * with Intl's): dates are written from them rather than by an Intl.DateTimeFormat, whose first
 * use on a page reads ICU's date data (issue 22, see src/lib/format-date.ts).
 */
export const monthNames = {
  en: {
    long: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    short: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  },
  hi: {
    long: [
      'जनवरी',
      'फ़रवरी',
      'मार्च',
      'अप्रैल',
      'मई',
      'जून',
      'जुलाई',
      'अगस्त',
      'सितंबर',
      'अक्टूबर',
      'नवंबर',
      'दिसंबर',
    ],
    short: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
  },
} as const satisfies Record<string, { long: readonly string[]; short: readonly string[] }>;

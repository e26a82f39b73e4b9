/**
 * Today's calendar date where the user is (the device's local date), as `YYYY-MM-DD`. Kept
 * apart from policy/dates.ts so pages that only need today's date (the footer) do not bring
 * in dayjs.
 */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * Today's calendar date in a time zone (the reminder jobs use Asia/Kolkata by default, for an
 * Indian audience), as `YYYY-MM-DD`.
 */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

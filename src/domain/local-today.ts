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

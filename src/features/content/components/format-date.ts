// India's calendar day, not the device's: the pre-rendered news pages are written at build time
// (on a machine in any time zone) and must read the same when the browser takes them over.
const dateFormatter = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "2025-10-23T04:30:00Z" → "23 October 2025"; unreadable input is shown as-is. */
export function formatContentDate(timestamp: string): string {
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? timestamp : dateFormatter.format(time);
}

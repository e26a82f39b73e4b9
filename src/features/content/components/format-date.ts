const dateFormatter = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** "2025-10-23T04:30:00Z" → "23 October 2025"; unreadable input is shown as-is. */
export function formatContentDate(timestamp: string): string {
  const time = Date.parse(timestamp);
  return Number.isNaN(time) ? timestamp : dateFormatter.format(time);
}

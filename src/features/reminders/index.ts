// Renewal reminders (design §6). The site layout imports this on every page, so only light
// pieces live here; the dashboard's panels come from './dashboard' (the tracker route).
export { ReminderAgent } from './lazy-reminder-agent';
export { DueCountBadge } from './lazy-due-count-badge';

// The tracker routes' reminder pieces: the dashboard's panel and highlighter, and the
// reminder settings page.
export { DueSoonPanel } from './due-soon-panel';
export { PolicyHighlighter } from './policy-highlighter';
export { ReminderSettingsPage } from './reminder-settings-page';

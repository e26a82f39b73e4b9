// The dashboard's reminder panels, imported by the /policy-tracker route.
export { DueSoonPanel } from './due-soon-panel';
export { RemindMePanel } from './remind-me-panel';
export { PolicyHighlighter } from './policy-highlighter';

export * from './dates';
export * from './status';
export * from './renewal';
export * from './reminders';
export { policyPagePath } from './reminder-message';
export * from './shared-reminders';

export * from './dates';
export * from './status';
export * from './renewal';
export * from './reminders';

// The policy tracker's screens (dashboard, policy form) and the provider that runs the
// signed-in user's local store and sync. Routes pass the user id in; nothing here reads auth.
export { TrackerProvider, useTracker } from './tracker-context';
export { DashboardPage } from './pages/dashboard-page';
export { PolicyFormPage } from './pages/policy-form-page';
export { createTrackerSessions, trackerSessions } from './session';
export { CalendarFeedPanel } from './calendar/calendar-feed-panel';

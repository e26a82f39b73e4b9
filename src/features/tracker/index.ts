// The policy tracker's screens (dashboard, policy page, policy form) and the provider that runs the
// signed-in user's local store and sync. Routes pass the user id in; nothing here reads auth.
export { TrackerProvider, useTracker } from './tracker-context';
export { DashboardPage } from './pages/dashboard-page';
export { PolicyFormPage } from './pages/policy-form-page';
export { PolicyPage } from './pages/policy-page';
export { createTrackerSessions, trackerSessions } from './session';
export { CalendarFeedPanel } from './calendar/calendar-feed-panel';
export { ConfirmDialog } from './components/confirm-dialog';
export { useLiveRead } from './hooks/use-live-read';
export { useBrowserOnline } from './hooks/use-browser-online';
export { PolicyPayments } from './payments/policy-payments';
export { apiErrorText } from './api-error-text';
export { listPolicyAccess } from './sharing/list-policy-access';
export { policyDate, statusBadge, statusText, typeName } from './words';

// Family sharing's screens (issue 18), the owner's and the invitee's: the invite dialog, who
// has access, the dashboard's entry and the invitations page. Routes compose them in; the
// recipient's side of sync (shared rows, "Shared by") lives with the tracker.
export { InviteDialog } from './components/invite-dialog';
export { AccessList } from './components/access-list';
export { PolicySharingSection } from './components/policy-sharing-section';
export { SharingPanel } from './components/sharing-panel';
export { InvitationsPage } from './pages/invitations-page';

// The tracker's local writes, read helpers and sync engine (design §5). Screens import from
// here; the database itself comes from '@/db/tracker-db'.
export * from './engine';
export {
  describeMemberNote,
  dismissMemberNote,
  readMemberNotes,
  recordMemberNote,
  type MemberNote,
} from './clashes';
export {
  describeNotice,
  dismissPolicyNotice,
  readPolicyNotices,
  readRecentlyDeleted,
  RESTORE_DAYS,
  type DeletedPolicy,
  type FieldChange,
  type NoticeWords,
  type PolicyLabel,
  type PolicyNotice,
} from './conflicts';
export * from './errors';
export * from './queries';
export * from './reconcile';
export * from './repo';
export * from './status';
export { pushOutbox, toSyncOp, DEFAULT_PUSH_BATCH, type PushReport } from './push';
export { pullChanges, readCursor, DEFAULT_PULL_PAGE, type PullReport } from './pull';
export * from './files';
export { isShareRefusal } from './rows';
export {
  dismissSharingEndedNotice,
  ownerLabel,
  readSharingEndedNotices,
  readShareOwnerNames,
  readSharedPolicyInfo,
  setLocalShareReminders,
  type SharedPolicyInfo,
  type SharingEndedNotice,
} from './shared';

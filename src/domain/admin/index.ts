// Framework-free helpers for the admin screens (issue 9).
export { slugify } from './slugify';
export { previewText, PREVIEW_LENGTH } from './preview';
export { toggleOne, toggleAll, selectionState, keepExisting } from './selection';
export type { SelectionState } from './selection';
export { isUniqueViolation, isNoRows, describeDbError, isNetworkFailure } from './db-error';
export type { DbErrorLike } from './db-error';
export {
  formatLocalDate,
  formatLocalDateTime,
  formatLastSignIn,
  formatCalendarDate,
} from './dates';
export type { LocaleOptions } from './dates';
export { pageCount, pageOffset, USERS_PAGE_SIZE } from './paging';

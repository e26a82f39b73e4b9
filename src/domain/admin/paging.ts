/** Users per page on /admin/users. */
export const USERS_PAGE_SIZE = 25;

/** Number of pages for `total` rows; at least 1 so the pager always has a page to show. */
export function pageCount(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(Math.max(0, total) / pageSize));
}

/** Row offset of a 1-based page. */
export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * Math.max(0, pageSize);
}

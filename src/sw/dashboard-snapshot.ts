import { SNAPSHOT_CACHE, SNAPSHOT_KEY, withSnapshot } from '../domain/dashboard-snapshot';

/**
 * The dashboard's shell with the dashboard as this device last showed it painted in (issue 22:
 * the cold open), or the shell as it is when there is no snapshot for this day, build and
 * address (src/domain/dashboard-snapshot.ts). Never fails the page: a snapshot that cannot be
 * read is left out.
 */
export async function withKeptDashboard(shell: Response, url: URL): Promise<Response> {
  if (!shell.ok) return shell;
  try {
    const kept = await caches.match(SNAPSHOT_KEY, { cacheName: SNAPSHOT_CACHE });
    if (!kept) return shell;
    const page = withSnapshot(await shell.clone().text(), await kept.json(), url.search);
    if (page === null) return shell;
    const headers = new Headers(shell.headers);
    headers.delete('Content-Length');
    return new Response(page, { status: shell.status, statusText: shell.statusText, headers });
  } catch {
    return shell;
  }
}

// The dashboard as it was last on screen, painted from the page's HTML on the next cold open
// (issue 22: the installed app's cold open on the dashboard). Pure text work shared by the page,
// which keeps the snapshot, and the service worker, which puts it into the dashboard's shell.
import { z } from 'zod/mini';
import { SNAPSHOT_ATTRIBUTE } from './dashboard-snapshot-names';
import { localToday } from './local-today';

export { SNAPSHOT_ATTRIBUTE, SNAPSHOT_CACHE, SNAPSHOT_KEY } from './dashboard-snapshot-names';

/** A snapshot of a longer list is not kept: its HTML would take longer to read than to render. */
export const SNAPSHOT_MAX_CARDS = 1000;
/** About 2.5 KB of HTML per card, with room; a larger body is not taken as a snapshot. */
export const SNAPSHOT_MAX_CHARS = 4_000_000;

/** Elements and attributes that run or embed something. */
const activeMarkup = /<(?:script|iframe|object|embed|base|meta|link|form)\b|\son[a-z]+\s*=|javascript:/i;

const rootStart = '<!--prerender:start-->';
const rootEnd = '<!--prerender:end-->';

/** One kept snapshot, as the page writes it and the worker reads it back. */
export const dashboardSnapshotSchema = z.object({
  /** The day it was drawn on: its renewals say "in 3 days" from that day. */
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** The page's language (`<html lang>`), e.g. en-IN. */
  lang: z.string().check(z.regex(/^[a-z]{2}-[A-Z]{2}$/)),
  /** The build's entry script: markup of another build may not match its stylesheets. */
  build: z.string().check(z.regex(/^\/[\w./-]+\.js$/)),
  /** The app's root element's inner HTML, as the browser serialised it. */
  html: z.string().check(z.maxLength(SNAPSHOT_MAX_CHARS)),
});
export type DashboardSnapshot = z.infer<typeof dashboardSnapshotSchema>;

/** The entry script a page of the build loads (`<script type="module" … src="…">`). */
export function entryScript(html: string): string | null {
  const tag = /<script\b[^>]*\btype="module"[^>]*>/.exec(html)?.[0];
  return tag ? (/\bsrc="([^"]+)"/.exec(tag)?.[1] ?? null) : null;
}

/**
 * The dashboard's shell with the snapshot painted where the shell's placeholder bar is, inert
 * (nothing in it can be pressed or typed into before the app takes over: an input there would
 * be lost) and replaced by the app's first render. Null when the snapshot is not for this
 * page: another day (its days-left would be wrong), another build, or an address with filters
 * (the snapshot is of the whole list).
 */
export function withSnapshot(
  shell: string,
  stored: unknown,
  search: string,
  now: Date = new Date(),
): string | null {
  if (search !== '' && search !== '?') return null;
  const parsed = dashboardSnapshotSchema.safeParse(stored);
  if (!parsed.success) return null;
  const snapshot = parsed.data;
  if (snapshot.day !== localToday(now)) return null;
  // The app's own markup never holds these (its texts are escaped where they were serialised):
  // a stored snapshot that does is not the app's, and is not put into a page.
  if (activeMarkup.test(snapshot.html)) return null;
  if (entryScript(shell) !== snapshot.build) return null;
  const start = shell.indexOf(rootStart);
  const end = shell.indexOf(rootEnd);
  if (start < 0 || end < start) return null;
  const painted = `<div ${SNAPSHOT_ATTRIBUTE} lang="${snapshot.lang}" inert>${snapshot.html}</div>`;
  return shell.slice(0, start) + painted + shell.slice(end + rootEnd.length);
}

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

/**
 * Elements and attributes that run, embed or send something, and character references (the
 * browser's serialiser writes none but `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&nbsp;`; others
 * could spell `javascript:` in an attribute).
 */
const activeMarkup =
  /<(?:script|iframe|object|embed|base|meta|link|form|template|noscript)\b|[\s/"']on[a-z]+\s*=|javascript:|&#/i;

/** Elements that have no end tag. */
const voidElements = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * Whether every element `html` opens is closed in it, in order, and nothing closes what it did
 * not open: markup that closed its wrapper would stay in the page after the app's first render
 * replaced the wrapper. Text and attribute values hold no tags: the serialiser escapes `<` in
 * text, and a `<` or `>` in an attribute value makes a tag this reads wrongly, so the snapshot is
 * refused, never painted wrongly.
 */
export function balancedMarkup(html: string): boolean {
  const open: string[] = [];
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][\w-]*)\b[^<>]*>|[<>]/g)) {
    const [tag, closing, rawName] = match;
    if (rawName === undefined) return false;
    const name = rawName.toLowerCase();
    if (closing) {
      if (open.pop() !== name) return false;
    } else if (!voidElements.has(name) && !tag.endsWith('/>')) {
      open.push(name);
    }
  }
  return open.length === 0;
}

const rootStart = '<!--prerender:start-->';
const rootEnd = '<!--prerender:end-->';

/** One kept snapshot, as the page writes it and the worker reads it back. */
export const dashboardSnapshotSchema = z.object({
  /** The day it was drawn on: its renewals say "in 3 days" from that day. */
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  /** The page's language (`<html lang>`), e.g. en-IN. */
  lang: z.string().check(z.regex(/^[a-z]{2}-[A-Z]{2}$/)),
  /** Whose list it is: painted only while the device's stored session is theirs. */
  user: z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)),
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
  if (search !== '') return null;
  const parsed = dashboardSnapshotSchema.safeParse(stored);
  if (!parsed.success) return null;
  const snapshot = parsed.data;
  if (snapshot.day !== localToday(now)) return null;
  // The app's own markup never holds these (its texts are escaped where they were serialised):
  // a stored snapshot that does is not the app's, and is not put into a page.
  if (activeMarkup.test(snapshot.html) || !balancedMarkup(snapshot.html)) return null;
  if (entryScript(shell) !== snapshot.build) return null;
  const start = shell.indexOf(rootStart);
  const end = shell.indexOf(rootEnd);
  if (start < 0 || end < start) return null;
  const painted = `<div ${SNAPSHOT_ATTRIBUTE}="${snapshot.user}" lang="${snapshot.lang}" inert>${snapshot.html}</div>`;
  return shell.slice(0, start) + painted + shell.slice(end + rootEnd.length);
}

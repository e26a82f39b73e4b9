import { z } from 'zod';
import { faqRowSchema, glossaryRowSchema, newsRowSchema } from './api/schemas';
import { PRERENDERED_CONTENT_ID } from './prerendered-id';

/**
 * The database-fed content a pre-rendered page was rendered from (news, glossary, FAQ pages,
 * issue 22): written into the page as a JSON data block at build time, so the browser's
 * hydrating render shows exactly the same items before IndexedDB or the network answer.
 * Lists carry only what their page shows (no article bodies) to keep the HTML small.
 */
export const prerenderedContentSchema = z.object({
  /** When the build fetched it (ms since the epoch): a stored copy synced later is fresher. */
  fetchedAt: z.number().int().nonnegative(),
  newsList: z.array(newsRowSchema.omit({ content: true })).optional(),
  newsArticle: newsRowSchema.optional(),
  glossaryList: z.array(glossaryRowSchema.omit({ context: true })).optional(),
  glossaryTerm: glossaryRowSchema.optional(),
  faqs: z.array(faqRowSchema).optional(),
});

export type PrerenderedContent = z.output<typeof prerenderedContentSchema>;

let current: PrerenderedContent | null | undefined;

/** Build time: the content the page being rendered shows (each page renders a fresh module). */
export function providePrerenderedContent(content: PrerenderedContent | null): void {
  current = content;
}

function readFromDocument(): PrerenderedContent | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(PRERENDERED_CONTENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = prerenderedContentSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    console.error('Ignoring the pre-rendered content: it does not match its schema', parsed.error);
  } catch (error) {
    console.error('Ignoring the pre-rendered content: it is not JSON', error);
  }
  return null;
}

/** What this page was pre-rendered with, or null (a client-rendered page, or a stale build). */
export function prerenderedContent(): PrerenderedContent | null {
  if (current === undefined) current = readFromDocument();
  return current;
}

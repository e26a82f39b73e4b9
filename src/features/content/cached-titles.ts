import { readGlossaryTerm, readNewsArticle } from '@/db/content-db';
import { prerenderedContent } from './prerendered';

/**
 * Titles for the browser tab, read from the local copy only so navigation never waits for the
 * network. Navigating from a list always finds them (lists store every item); a first direct
 * visit falls back to the section title, unless the page was pre-rendered with the item.
 */
export async function readCachedNewsTitle(slug: string): Promise<string | null> {
  const built = prerenderedContent()?.newsArticle;
  if (built?.slug === slug) return built.title;
  try {
    return (await readNewsArticle(slug))?.title ?? null;
  } catch (error) {
    console.error(error);
    return null;
  }
}

export async function readCachedGlossaryTerm(slug: string): Promise<string | null> {
  const built = prerenderedContent()?.glossaryTerm;
  if (built?.slug === slug) return built.term;
  try {
    return (await readGlossaryTerm(slug))?.term ?? null;
  } catch (error) {
    console.error(error);
    return null;
  }
}

import Dexie, { type EntityTable, type Table } from 'dexie';
import { byTerm, newestFirst } from '@/domain/content/order';

/**
 * The public content (news, glossary, FAQs) the visitor has already seen, kept in IndexedDB so
 * lists, articles and terms open offline and show at once while a fresh copy is fetched.
 * It is a cache: anything here may be replaced wholesale by the next successful fetch.
 */

export interface NewsRecord {
  id: string;
  title: string;
  slug: string;
  excerpt: string | null;
  content: string;
  created_at: string;
}

export interface GlossaryRecord {
  id: string;
  term: string;
  slug: string;
  definition: string;
  context: string | null;
  created_at: string;
}

export interface FaqRecord {
  id: string;
  question: string;
  answer: string;
  created_at: string;
}

export type ContentListName = 'news' | 'glossary' | 'faqs';

interface ListSyncRecord {
  list: ContentListName;
  syncedAt: number;
}

export interface CachedList<T> {
  items: T[];
  /** When the full list was last fetched; undefined if it never was on this device. */
  syncedAt: number | undefined;
}

class ContentDb extends Dexie {
  news!: EntityTable<NewsRecord, 'id'>;
  glossary!: EntityTable<GlossaryRecord, 'id'>;
  faqs!: EntityTable<FaqRecord, 'id'>;
  listSync!: EntityTable<ListSyncRecord, 'list'>;

  constructor() {
    super('bimaguide-content');
    // Every version() block stays forever (design §3); add a new one to change the schema.
    this.version(1).stores({
      news: 'id, slug',
      glossary: 'id, slug',
      faqs: 'id',
      listSync: 'list',
    });
  }
}

export const contentDb = new ContentDb();

/** When a whole list was last stored on this device; undefined if it never was. */
export async function syncedAt(list: ContentListName): Promise<number | undefined> {
  return (await contentDb.listSync.get(list))?.syncedAt;
}

/** The server's list is complete, so it replaces the stored one: removed items disappear. */
async function replaceList<T, TInsert>(
  list: ContentListName,
  table: Table<T, string, TInsert>,
  items: TInsert[],
): Promise<void> {
  await contentDb.transaction('rw', table, contentDb.listSync, async () => {
    await table.clear();
    await table.bulkPut(items);
    await contentDb.listSync.put({ list, syncedAt: Date.now() });
  });
}

export async function readNewsList(): Promise<CachedList<NewsRecord>> {
  const [items, at] = await Promise.all([contentDb.news.toArray(), syncedAt('news')]);
  return { items: newestFirst(items), syncedAt: at };
}

export function replaceNewsList(items: NewsRecord[]): Promise<void> {
  return replaceList('news', contentDb.news, items);
}

export async function readNewsArticle(slug: string): Promise<NewsRecord | null> {
  return (await contentDb.news.where('slug').equals(slug).first()) ?? null;
}

/** Stores one fetched article, or forgets the slug when the server says it no longer exists. */
export async function storeNewsArticle(slug: string, article: NewsRecord | null): Promise<void> {
  await contentDb.transaction('rw', contentDb.news, async () => {
    await contentDb.news.where('slug').equals(slug).delete();
    if (article) await contentDb.news.put(article);
  });
}

export async function readGlossaryList(): Promise<CachedList<GlossaryRecord>> {
  const [items, at] = await Promise.all([contentDb.glossary.toArray(), syncedAt('glossary')]);
  return { items: byTerm(items), syncedAt: at };
}

export function replaceGlossaryList(items: GlossaryRecord[]): Promise<void> {
  return replaceList('glossary', contentDb.glossary, items);
}

export async function readGlossaryTerm(slug: string): Promise<GlossaryRecord | null> {
  return (await contentDb.glossary.where('slug').equals(slug).first()) ?? null;
}

export async function storeGlossaryTerm(slug: string, term: GlossaryRecord | null): Promise<void> {
  await contentDb.transaction('rw', contentDb.glossary, async () => {
    await contentDb.glossary.where('slug').equals(slug).delete();
    if (term) await contentDb.glossary.put(term);
  });
}

export async function readFaqList(): Promise<CachedList<FaqRecord>> {
  const [items, at] = await Promise.all([contentDb.faqs.toArray(), syncedAt('faqs')]);
  return { items: newestFirst(items), syncedAt: at };
}

export function replaceFaqList(items: FaqRecord[]): Promise<void> {
  return replaceList('faqs', contentDb.faqs, items);
}

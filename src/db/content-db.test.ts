import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  contentDb,
  readFaqList,
  readGlossaryList,
  readGlossaryTerm,
  readNewsArticle,
  readNewsList,
  replaceFaqList,
  replaceGlossaryList,
  replaceNewsList,
  storeGlossaryTerm,
  storeNewsArticle,
  type GlossaryRecord,
  type NewsRecord,
} from './content-db';

function news(slug: string, createdAt: string): NewsRecord {
  return {
    id: `id-${slug}`,
    title: `Title ${slug}`,
    slug,
    excerpt: null,
    content: 'Body',
    created_at: createdAt,
  };
}

function term(name: string): GlossaryRecord {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    id: `id-${slug}`,
    term: name,
    slug,
    definition: 'Def',
    context: null,
    created_at: '2025-01-01T00:00:00Z',
  };
}

beforeEach(async () => {
  await Promise.all(contentDb.tables.map((table) => table.clear()));
});

describe('content cache', () => {
  it('reports a list as never fetched until one is stored', async () => {
    const empty = await readNewsList();
    expect(empty).toEqual({ items: [], syncedAt: undefined });

    await replaceNewsList([]);
    const synced = await readNewsList();
    expect(synced.items).toEqual([]);
    expect(synced.syncedAt).toBeTypeOf('number');
  });

  it('returns news newest first, comparing instants rather than text', async () => {
    await replaceNewsList([
      news('old', '2025-01-01T10:00:00+00:00'),
      // 02:00 UTC on 2 Jan, later than the one below although its text sorts lower.
      news('newest', '2025-01-02T07:30:00+05:30'),
      news('middle', '2025-01-01T23:00:00Z'),
    ]);
    const { items } = await readNewsList();
    expect(items.map((item) => item.slug)).toEqual(['newest', 'middle', 'old']);
  });

  it('replacing a list drops items the server no longer has', async () => {
    await replaceNewsList([news('a', '2025-01-01T00:00:00Z'), news('b', '2025-01-02T00:00:00Z')]);
    await replaceNewsList([news('b', '2025-01-02T00:00:00Z')]);
    expect((await readNewsList()).items.map((item) => item.slug)).toEqual(['b']);
    await expect(readNewsArticle('a')).resolves.toBeNull();
  });

  it('stores a single article by slug and forgets it when it is gone', async () => {
    await storeNewsArticle('a', news('a', '2025-01-01T00:00:00Z'));
    await expect(readNewsArticle('a')).resolves.toMatchObject({ title: 'Title a' });
    await storeNewsArticle('a', null);
    await expect(readNewsArticle('a')).resolves.toBeNull();
  });

  it('a single stored article does not mark the list as fetched', async () => {
    await storeNewsArticle('a', news('a', '2025-01-01T00:00:00Z'));
    const list = await readNewsList();
    expect(list.items).toHaveLength(1);
    expect(list.syncedAt).toBeUndefined();
  });

  it('sorts the glossary A to Z ignoring case', async () => {
    await replaceGlossaryList([term('premium'), term('Co-pay'), term('ABHA'), term('claim')]);
    const { items } = await readGlossaryList();
    expect(items.map((item) => item.term)).toEqual(['ABHA', 'claim', 'Co-pay', 'premium']);
  });

  it('stores and removes one glossary term', async () => {
    await storeGlossaryTerm('idv', term('IDV'));
    await expect(readGlossaryTerm('idv')).resolves.toMatchObject({ term: 'IDV' });
    await storeGlossaryTerm('idv', null);
    await expect(readGlossaryTerm('idv')).resolves.toBeNull();
  });

  it('returns FAQs newest first', async () => {
    await replaceFaqList([
      { id: '1', question: 'Q1', answer: 'A1', created_at: '2025-01-01T00:00:00Z' },
      { id: '2', question: 'Q2', answer: 'A2', created_at: '2025-03-01T00:00:00Z' },
    ]);
    expect((await readFaqList()).items.map((faq) => faq.id)).toEqual(['2', '1']);
  });
});

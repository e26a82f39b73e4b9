import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { fetchNewsList } from './fetch-news-list';
import { fetchNewsArticle } from './fetch-news-article';
import { fetchGlossaryList } from './fetch-glossary-list';
import { fetchFaqs } from './fetch-faqs';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

interface Result {
  data: unknown;
  error: { message: string } | null;
}

/** A stand-in for the supabase-js query builder that records the calls made on it. */
function fakeClient(result: Result) {
  const calls: [string, ...unknown[]][] = [];
  const builder: Record<string, unknown> = {};
  for (const method of ['select', 'order', 'eq']) {
    builder[method] = (...args: unknown[]) => {
      calls.push([method, ...args]);
      return builder;
    };
  }
  builder.maybeSingle = () => {
    calls.push(['maybeSingle']);
    return Promise.resolve(result);
  };
  builder.then = (resolve: (value: Result) => unknown) => resolve(result);
  const from = vi.fn((table: string) => {
    calls.push(['from', table]);
    return builder;
  });
  vi.mocked(getSupabase).mockResolvedValue({ from } as never);
  return calls;
}

const newsRow = {
  id: '11111111-1111-4111-8111-111111111111',
  title: 'Title',
  slug: 'title',
  excerpt: '',
  content: 'Body',
  created_at: '2025-10-20T03:30:00+00:00',
};

beforeEach(() => {
  vi.mocked(getSupabase).mockReset();
});

describe('content API', () => {
  it('news: newest first, blank excerpt stored as null', async () => {
    const calls = fakeClient({ data: [newsRow], error: null });
    await expect(fetchNewsList()).resolves.toEqual([{ ...newsRow, excerpt: null }]);
    expect(calls).toContainEqual(['from', 'news']);
    expect(calls).toContainEqual(['order', 'created_at', { ascending: false }]);
  });

  it('a malformed row is rejected rather than cached', async () => {
    fakeClient({ data: [{ ...newsRow, slug: 'Not A Slug' }], error: null });
    await expect(fetchNewsList()).rejects.toThrow();
  });

  it('a server error becomes a thrown error naming the list', async () => {
    fakeClient({ data: null, error: { message: 'permission denied' } });
    await expect(fetchNewsList()).rejects.toThrow('Could not load news: permission denied');
  });

  it('one article by slug; no row means null', async () => {
    const calls = fakeClient({ data: null, error: null });
    await expect(fetchNewsArticle('missing')).resolves.toBeNull();
    expect(calls).toContainEqual(['eq', 'slug', 'missing']);
  });

  it('glossary A to Z and FAQs newest first', async () => {
    const glossaryCalls = fakeClient({ data: [], error: null });
    await fetchGlossaryList();
    expect(glossaryCalls).toContainEqual(['order', 'term', { ascending: true }]);
    const faqCalls = fakeClient({ data: [], error: null });
    await fetchFaqs();
    expect(faqCalls).toContainEqual(['from', 'faqs']);
    expect(faqCalls).toContainEqual(['order', 'created_at', { ascending: false }]);
  });
});

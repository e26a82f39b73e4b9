import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contentDb, replaceNewsList, type NewsRecord } from '@/db/content-db';
import { fetchNewsList } from '../api/fetch-news-list';
import { fetchNewsArticle } from '../api/fetch-news-article';
import { fetchGlossaryTerm } from '../api/fetch-glossary-term';
import { REFRESH_TIMEOUT_MS, refreshOnce } from './use-background-refresh';
import { useGlossaryTerm, useNewsArticle, useNewsList, type ContentList } from './use-content';
import { providePrerenderedContent } from '../prerendered';

vi.mock('../api/fetch-news-list', () => ({ fetchNewsList: vi.fn() }));
vi.mock('../api/fetch-news-article', () => ({ fetchNewsArticle: vi.fn() }));
vi.mock('../api/fetch-glossary-term', () => ({ fetchGlossaryTerm: vi.fn() }));

function article(slug: string, createdAt: string, title = `Title ${slug}`): NewsRecord {
  return { id: `id-${slug}`, title, slug, excerpt: null, content: 'Body', created_at: createdAt };
}

/** A fetch the test finishes by hand, to look at the screen while it is still running. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

let consoleError: ReturnType<typeof vi.spyOn>;

beforeEach(async () => {
  await Promise.all(contentDb.tables.map((table) => table.clear()));
  vi.mocked(fetchNewsList).mockReset();
  vi.mocked(fetchNewsArticle).mockReset();
  vi.mocked(fetchGlossaryTerm).mockReset();
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  consoleError.mockRestore();
});

function itemsOf<T>(list: ContentList<T>): T[] | undefined {
  return list.status === 'ready' ? list.items : undefined;
}

describe('useNewsList', () => {
  it('is loading until the first fetch lands, then lists newest first', async () => {
    const fetch = deferred<NewsRecord[]>();
    vi.mocked(fetchNewsList).mockReturnValue(fetch.promise);
    const { result } = renderHook(() => useNewsList());
    expect(result.current.status).toBe('loading');

    fetch.resolve([article('old', '2025-01-01T00:00:00Z'), article('new', '2025-02-01T00:00:00Z')]);
    await waitFor(() =>
      expect(itemsOf(result.current)?.map((item) => item.slug)).toEqual(['new', 'old']),
    );
  });

  it('shows the stored copy at once and swaps in the fresh one when it arrives', async () => {
    await replaceNewsList([article('a', '2025-01-01T00:00:00Z', 'Stored title')]);
    const fetch = deferred<NewsRecord[]>();
    vi.mocked(fetchNewsList).mockReturnValue(fetch.promise);
    const { result } = renderHook(() => useNewsList());

    await waitFor(() =>
      expect(itemsOf(result.current)?.map((item) => item.title)).toEqual(['Stored title']),
    );

    fetch.resolve([article('a', '2025-01-01T00:00:00Z', 'Fresh title')]);
    await waitFor(() =>
      expect(itemsOf(result.current)?.map((item) => item.title)).toEqual(['Fresh title']),
    );
  });

  it('a failed fetch: unavailable (not an empty list) without a copy, the stored copy with one', async () => {
    vi.mocked(fetchNewsList).mockRejectedValue(new Error('offline'));
    const empty = renderHook(() => useNewsList());
    await waitFor(() => expect(empty.result.current.status).toBe('unavailable'));
    expect(consoleError).toHaveBeenCalled();
    empty.unmount();

    await replaceNewsList([article('kept', '2025-01-01T00:00:00Z')]);
    const cached = renderHook(() => useNewsList());
    await waitFor(() =>
      expect(itemsOf(cached.result.current)?.map((item) => item.slug)).toEqual(['kept']),
    );
    // Give the failing refresh time to settle; the stored copy must survive it.
    await waitFor(() => expect(fetchNewsList).toHaveBeenCalledTimes(2));
    expect(itemsOf(cached.result.current)?.map((item) => item.slug)).toEqual(['kept']);
  });

  it('fetches again by itself when the device comes back online, and on Try again', async () => {
    vi.mocked(fetchNewsList).mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useNewsList());
    await waitFor(() => expect(result.current.status).toBe('unavailable'));

    vi.mocked(fetchNewsList).mockResolvedValue([article('back', '2025-01-01T00:00:00Z')]);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() =>
      expect(itemsOf(result.current)?.map((item) => item.slug)).toEqual(['back']),
    );

    const calls = vi.mocked(fetchNewsList).mock.calls.length;
    act(() => result.current.retry());
    await waitFor(() => expect(fetchNewsList).toHaveBeenCalledTimes(calls + 1));
  });
});

describe('known to be offline', () => {
  it('says unavailable at once, without waiting for a request that cannot succeed', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { result } = renderHook(() => useNewsList());
      await waitFor(() => expect(result.current.status).toBe('unavailable'));
      expect(fetchNewsList).not.toHaveBeenCalled();
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('refreshOnce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on a fetch that never answers, so no screen spins forever', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const outcome = refreshOnce('never', () => new Promise<void>(() => {})).catch(
      (error: unknown) => error,
    );
    vi.advanceTimersByTime(REFRESH_TIMEOUT_MS);
    await expect(outcome).resolves.toBeInstanceOf(Error);
  });
});

describe('useNewsArticle', () => {
  it('finds an article the list already stored, even if the fetch fails', async () => {
    await replaceNewsList([article('seen', '2025-01-01T00:00:00Z')]);
    vi.mocked(fetchNewsArticle).mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useNewsArticle('seen'));
    await waitFor(() => expect(result.current.status).toBe('found'));
  });

  it('reports not-found when the server has no such slug', async () => {
    vi.mocked(fetchNewsArticle).mockResolvedValue(null);
    const { result } = renderHook(() => useNewsArticle('missing'));
    expect(result.current.status).toBe('loading');
    await waitFor(() => expect(result.current.status).toBe('not-found'));
  });

  it('reports unavailable when nothing is stored and the fetch fails', async () => {
    vi.mocked(fetchNewsArticle).mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useNewsArticle('never-seen'));
    await waitFor(() => expect(result.current.status).toBe('unavailable'));
  });

  it('forgets a stored article the server has deleted', async () => {
    await replaceNewsList([article('gone', '2025-01-01T00:00:00Z')]);
    vi.mocked(fetchNewsArticle).mockResolvedValue(null);
    const { result } = renderHook(() => useNewsArticle('gone'));
    await waitFor(() => expect(result.current.status).toBe('not-found'));
  });
});

describe('useGlossaryTerm', () => {
  it('stores a fetched term so it opens offline next time', async () => {
    vi.mocked(fetchGlossaryTerm).mockResolvedValue({
      id: '1',
      term: 'IDV',
      slug: 'idv',
      definition: 'Insured Declared Value',
      context: null,
      created_at: '2025-01-01T00:00:00Z',
    });
    const online = renderHook(() => useGlossaryTerm('idv'));
    await waitFor(() => expect(online.result.current.status).toBe('found'));
    online.unmount();

    vi.mocked(fetchGlossaryTerm).mockRejectedValue(new TypeError('Failed to fetch'));
    const offline = renderHook(() => useGlossaryTerm('idv'));
    await waitFor(() => expect(offline.result.current).toMatchObject({ status: 'found' }));
  });
});

describe('a page pre-rendered at build time', () => {
  const builtAt = Date.parse('2025-06-01T00:00:00Z');
  const built = article('built', '2025-05-01T00:00:00Z', 'Title at build time');

  afterEach(() => {
    providePrerenderedContent(null);
  });

  it('shows the build’s list at once and the fetched one replaces it, never loading between', async () => {
    providePrerenderedContent({ fetchedAt: builtAt, newsList: [built] });
    const fetch = deferred<NewsRecord[]>();
    vi.mocked(fetchNewsList).mockReturnValue(fetch.promise);
    const seen: string[] = [];
    const { result } = renderHook(() => {
      const list = useNewsList();
      seen.push(list.status === 'ready' ? list.items.map((i) => i.title).join() : list.status);
      return list;
    });
    expect(itemsOf(result.current)?.map((item) => item.title)).toEqual(['Title at build time']);

    fetch.resolve([article('built', '2025-05-01T00:00:00Z', 'Title changed since')]);
    await waitFor(() =>
      expect(itemsOf(result.current)?.map((item) => item.title)).toEqual(['Title changed since']),
    );
    expect(seen).not.toContain('loading');
  });

  it('keeps the build’s list over a stored copy older than the build when the fetch fails', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(builtAt - 1000);
    await replaceNewsList([article('old', '2025-01-01T00:00:00Z', 'Stored before the build')]);
    now.mockRestore();
    providePrerenderedContent({ fetchedAt: builtAt, newsList: [built] });
    vi.mocked(fetchNewsList).mockRejectedValue(new TypeError('Failed to fetch'));
    const { result } = renderHook(() => useNewsList());
    await waitFor(() => expect(fetchNewsList).toHaveBeenCalled());
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(itemsOf(result.current)?.map((item) => item.title)).toEqual(['Title at build time']);
  });

  it('an article: the build’s copy first; gone from the server, it says not found', async () => {
    providePrerenderedContent({ fetchedAt: builtAt, newsArticle: built });
    const fetch = deferred<NewsRecord | null>();
    vi.mocked(fetchNewsArticle).mockReturnValue(fetch.promise);
    const { result } = renderHook(() => useNewsArticle('built'));
    expect(result.current).toMatchObject({ status: 'found', item: { title: built.title } });

    fetch.resolve(null);
    await waitFor(() => expect(result.current.status).toBe('not-found'));
  });

  it('an article changed since the build shows the fetched text', async () => {
    providePrerenderedContent({ fetchedAt: builtAt, newsArticle: built });
    vi.mocked(fetchNewsArticle).mockResolvedValue({ ...built, title: 'Corrected title' });
    const { result } = renderHook(() => useNewsArticle('built'));
    await waitFor(() =>
      expect(result.current).toMatchObject({ status: 'found', item: { title: 'Corrected title' } }),
    );
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { News } from '@/domain/schemas';
import { screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import { renderWithRouter } from '../test-router';
import { newsResource } from './news';
import { ResourceEditorPage } from './resource-editor-page';

const api = vi.hoisted(() => ({
  fetchNewsArticle: vi.fn(),
  createNewsArticle: vi.fn(),
  updateNewsArticle: vi.fn(),
  toast: vi.fn(),
}));
// Every described resource takes its calls from contentApi; here they are the news ones.
vi.mock('../api/content-api', () => ({
  contentApi: () => ({
    list: vi.fn(),
    get: api.fetchNewsArticle,
    create: api.createNewsArticle,
    update: api.updateNewsArticle,
    remove: vi.fn(),
  }),
}));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const article: News = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Bima Sugam launches',
  slug: 'bima-sugam-launches',
  excerpt: null,
  content: 'Body text',
  created_at: '2025-10-23T04:30:00+00:00',
  updated_at: '2025-10-23T04:30:00+00:00',
};

/** The news description's editor, as /admin/news/new and /admin/news/edit/<id> show it. */
function NewsEditorPage({ id }: { id?: string }) {
  return <ResourceEditorPage resource={newsResource} id={id} />;
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('NewsEditorPage — create', () => {
  it('fills the slug from the title', async () => {
    const user = userEvent.setup();
    renderWithRouter(<NewsEditorPage />, '/admin/news/new');
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'What’s new in 2025?');
    expect(screen.getByRole('textbox', { name: /^Slug/ })).toHaveValue('whats-new-in-2025');
  });

  it('requires title, slug and content and saves nothing until they are given', async () => {
    const user = userEvent.setup();
    renderWithRouter(<NewsEditorPage />, '/admin/news/new');
    await user.click(await screen.findByRole('button', { name: 'Save Article' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(screen.getByText('Slug is required')).toBeInTheDocument();
    expect(screen.getByText('Content is required')).toBeInTheDocument();
    expect(api.createNewsArticle).not.toHaveBeenCalled();
  });

  it('puts a duplicate slug error on the slug field and stays on the form', async () => {
    const user = userEvent.setup();
    api.createNewsArticle.mockResolvedValue({
      ok: false,
      error: {
        code: '23505',
        message: 'duplicate key value violates unique constraint "news_slug_key"',
      },
    });
    const { router } = renderWithRouter(<NewsEditorPage />, '/admin/news/new');
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Taken');
    await user.type(screen.getByRole('textbox', { name: /^Content/ }), 'Text');
    await user.click(screen.getByRole('button', { name: 'Save Article' }));
    expect(
      await screen.findByText('Another article already uses this slug. Choose a different slug.'),
    ).toBeInTheDocument();
    expect(api.toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error saving article', variant: 'destructive' }),
    );
    expect(router.state.location.pathname).toBe('/admin/news/new');
  });

  it('saves, toasts and returns to the list', async () => {
    const user = userEvent.setup();
    api.createNewsArticle.mockResolvedValue({ ok: true, data: article });
    const { router } = renderWithRouter(<NewsEditorPage />, '/admin/news/new');
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Bima Sugam launches');
    await user.type(screen.getByRole('textbox', { name: /^Content/ }), 'Body text');
    await user.click(screen.getByRole('button', { name: 'Save Article' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/news'));
    expect(api.createNewsArticle).toHaveBeenCalledWith({
      title: 'Bima Sugam launches',
      slug: 'bima-sugam-launches',
      excerpt: null,
      content: 'Body text',
    });
    expect(api.toast).toHaveBeenCalledWith({ title: 'Success', description: 'Article created.' });
  });

  it('asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = renderWithRouter(<NewsEditorPage />, '/admin/news/new');
    await user.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Draft');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/admin/news/new');
    expect(screen.getByRole('textbox', { name: /^Title/ })).toHaveValue('Draft');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/news'));
  });
});

describe('NewsEditorPage — edit', () => {
  it('loads the article and keeps its slug when the title changes', async () => {
    const user = userEvent.setup();
    let answer: (value: unknown) => void = () => {};
    api.fetchNewsArticle.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    api.updateNewsArticle.mockResolvedValue({ ok: true, data: article });
    const { router } = renderWithRouter(<NewsEditorPage id={article.id} />, '/admin/news/edit/x');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer({ ok: true, data: article });
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Bima Sugam launches');
    await user.clear(title);
    await user.type(title, 'A new headline');
    expect(screen.getByRole('textbox', { name: /^Slug/ })).toHaveValue('bima-sugam-launches');
    await user.click(screen.getByRole('button', { name: 'Save Article' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/news'));
    expect(api.updateNewsArticle).toHaveBeenCalledWith(article.id, {
      title: 'A new headline',
      slug: 'bima-sugam-launches',
      excerpt: null,
      content: 'Body text',
    });
    expect(api.toast).toHaveBeenCalledWith({ title: 'Success', description: 'Article updated.' });
  });

  it('returns to the list with a toast when the article cannot be loaded', async () => {
    api.fetchNewsArticle.mockResolvedValue({
      ok: false,
      error: { code: 'PGRST116', message: 'Cannot coerce the result to a single JSON object' },
    });
    const { router } = renderWithRouter(<NewsEditorPage id={article.id} />, '/admin/news/edit/x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/news'));
    expect(api.toast).toHaveBeenCalledWith({
      title: 'Error fetching article',
      description: 'Cannot coerce the result to a single JSON object',
      variant: 'destructive',
    });
  });

  it('stays on the form when saving fails', async () => {
    const user = userEvent.setup();
    api.fetchNewsArticle.mockResolvedValue({ ok: true, data: article });
    api.updateNewsArticle.mockResolvedValue({ ok: false, error: { code: null, message: 'down' } });
    const { router } = renderWithRouter(<NewsEditorPage id={article.id} />, '/admin/news/edit/x');
    await user.type(await screen.findByRole('textbox', { name: /^Content/ }), ' more');
    await user.click(screen.getByRole('button', { name: 'Save Article' }));
    await waitFor(() =>
      expect(api.toast).toHaveBeenCalledWith({
        title: 'Error saving article',
        description: 'down',
        variant: 'destructive',
      }),
    );
    expect(router.state.location.pathname).toBe('/admin/news/edit/x');
  });
});

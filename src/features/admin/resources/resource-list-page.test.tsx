import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { GlossaryTerm } from '@/domain/schemas';
import { screen, userEvent, waitFor, within } from '../../../../tests/helpers/render';
import { renderWithRouter } from '../test-router';
import { glossaryResource } from './glossary';
import { adminResources, findAdminResource } from './index';
import { ResourceListPage } from './resource-list-page';

const api = vi.hoisted(() => ({
  fetchGlossaryTerms: vi.fn(),
  deleteGlossaryTerm: vi.fn(),
  toast: vi.fn(),
}));
// Every described resource takes its calls from contentApi; here they are the glossary's.
vi.mock('../api/content-api', () => ({
  contentApi: () => ({
    list: api.fetchGlossaryTerms,
    get: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    remove: api.deleteGlossaryTerm,
  }),
}));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

const term: GlossaryTerm = {
  id: '00000000-0000-4000-8000-000000000007',
  term: 'Sum insured',
  slug: 'sum-insured',
  definition: `The most the insurer pays in a policy year. ${'Longer text. '.repeat(10)}`,
  context: null,
  created_at: '2025-10-23T04:30:00+00:00',
  updated_at: '2025-10-23T04:30:00+00:00',
};

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the described resources', () => {
  it('each has its own address under /admin, and no other address names one', () => {
    const paths = adminResources.map((r) => r.path);
    expect(paths).toEqual(['news', 'glossary', 'faqs', 'policy-types']);
    expect(findAdminResource('faqs')?.titles).toEqual({
      list: 'FAQs',
      create: 'Create FAQ',
      edit: 'Edit FAQ',
    });
    expect(findAdminResource('users')).toBeUndefined();
    expect(findAdminResource('toString')).toBeUndefined();
  });
});

describe('ResourceListPage (glossary)', () => {
  it('lists terms with a cut definition, links to the public page and the editor', async () => {
    api.fetchGlossaryTerms.mockResolvedValue({ ok: true, data: [term] });
    renderWithRouter(<ResourceListPage resource={glossaryResource} />, '/admin/glossary');
    expect(await screen.findByRole('link', { name: 'Sum insured' })).toHaveAttribute(
      'href',
      '/glossary/sum-insured',
    );
    const row = screen.getByRole('row', { name: /Sum insured/ });
    expect(within(row).getByText(/^The most the insurer pays/).textContent).toHaveLength(81);
    expect(within(row).getByRole('link', { name: 'Edit Sum insured' })).toHaveAttribute(
      'href',
      `/admin/glossary/edit/${term.id}`,
    );
    expect(screen.getByRole('link', { name: 'Create Term' })).toHaveAttribute(
      'href',
      '/admin/glossary/new',
    );
  });

  it('deletes after the spec’s question, toasts and reloads', async () => {
    const user = userEvent.setup();
    api.fetchGlossaryTerms.mockResolvedValue({ ok: true, data: [term] });
    api.deleteGlossaryTerm.mockResolvedValue({ ok: true, data: null });
    renderWithRouter(<ResourceListPage resource={glossaryResource} />, '/admin/glossary');
    await user.click(await screen.findByRole('button', { name: 'Delete Sum insured' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete term' });
    // The modal fades in: on a loaded machine the question was still transparent when checked.
    await waitFor(() =>
      expect(within(dialog).getByText('Are you sure you want to delete this term?')).toBeVisible(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleteGlossaryTerm).toHaveBeenCalledWith(term.id));
    expect(api.toast).toHaveBeenCalledWith({ title: 'Success', description: 'Term deleted.' });
    await waitFor(() => expect(api.fetchGlossaryTerms).toHaveBeenCalledTimes(2));
  });

  it('says when there are no terms yet', async () => {
    api.fetchGlossaryTerms.mockResolvedValue({ ok: true, data: [] });
    renderWithRouter(<ResourceListPage resource={glossaryResource} />, '/admin/glossary');
    expect(await screen.findByText('No glossary terms yet.')).toBeInTheDocument();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, userEvent, waitFor } from '../../../../tests/helpers/render';
import { renderWithRouter } from '../test-router';
import { policyTypesResource } from './policy-types';
import { ResourceEditorPage } from './resource-editor-page';

const api = vi.hoisted(() => ({
  fetchPolicyType: vi.fn(),
  createPolicyType: vi.fn(),
  updatePolicyType: vi.fn(),
  toast: vi.fn(),
}));
// Every described resource takes its calls from contentApi; here they are the types' ones.
vi.mock('../api/content-api', () => ({
  contentApi: () => ({
    list: vi.fn(),
    get: api.fetchPolicyType,
    create: api.createPolicyType,
    update: api.updatePolicyType,
    remove: vi.fn(),
  }),
}));
vi.mock('@/lib/toast', () => ({ toast: api.toast }));

/** The policy types description's editor, as /admin/policy-types/new shows it. */
function PolicyTypeEditorPage() {
  return <ResourceEditorPage resource={policyTypesResource} />;
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('PolicyTypeEditorPage', () => {
  it('shows the spec’s labels, hint and placeholder', async () => {
    renderWithRouter(<PolicyTypeEditorPage />, '/admin/policy-types/new');
    expect(await screen.findByRole('heading', { name: 'Create Policy Type' })).toBeInTheDocument();
    const icon = screen.getByRole('textbox', { name: 'Icon Name' });
    expect(icon).toHaveAttribute('placeholder', 'e.g., Car, HeartPulse');
    expect(screen.getByText('Icon Name (from Lucide-React)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Type' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('previews a known icon and notes an unknown one', async () => {
    const user = userEvent.setup();
    renderWithRouter(<PolicyTypeEditorPage />, '/admin/policy-types/new');
    const icon = await screen.findByRole('textbox', { name: 'Icon Name' });
    await user.type(icon, 'HeartPulse');
    await waitFor(() =>
      expect(screen.getByTestId('icon-preview-note')).toHaveTextContent('Preview of “HeartPulse”.'),
    );
    await user.clear(icon);
    await user.type(icon, 'NoSuchIcon');
    await waitFor(() =>
      expect(screen.getByTestId('icon-preview-note')).toHaveTextContent(
        'Lucide has no icon called “NoSuchIcon”: the default icon will be shown.',
      ),
    );
  });

  it('requires a name; the icon is optional and saved as null when empty', async () => {
    const user = userEvent.setup();
    api.createPolicyType.mockResolvedValue({ ok: true, data: {} });
    const { router } = renderWithRouter(<PolicyTypeEditorPage />, '/admin/policy-types/new');
    await user.click(await screen.findByRole('button', { name: 'Save Type' }));
    expect(await screen.findByText('Type name is required')).toBeInTheDocument();
    expect(api.createPolicyType).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: /^Type Name/ }), 'Travel');
    await user.click(screen.getByRole('button', { name: 'Save Type' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/policy-types'));
    expect(api.createPolicyType).toHaveBeenCalledWith({ name: 'Travel', icon: null });
    expect(api.toast).toHaveBeenCalledWith({ title: 'Policy type created' });
  });
});

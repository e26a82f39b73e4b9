import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSupabase } from '@/lib/supabase';
import { createInvitation } from './create-invitation';
import { invitationFrom } from '../../../../tests/helpers/sharing-fixtures';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

const invoke = vi.fn();

function withClient() {
  vi.mocked(getSupabase).mockResolvedValue({ functions: { invoke } } as never);
}

afterEach(() => {
  vi.resetAllMocks();
  vi.unstubAllGlobals();
});

const invitation = invitationFrom({ id: '22222222-2222-4222-8222-222222222222' });

describe('createInvitation', () => {
  it('sends the address, role and scope to the share-invitation function', async () => {
    withClient();
    invoke.mockResolvedValue({ data: { invitation }, error: null });
    const result = await createInvitation({
      email: 'ravi@example.com',
      role: 'viewer',
      policyId: null,
    });
    expect(invoke).toHaveBeenCalledWith('share-invitation', {
      body: { email: 'ravi@example.com', role: 'viewer', policy_id: null },
    });
    expect(result).toEqual({ ok: true, data: invitation });
  });

  it("passes on the database's refusal with its code", async () => {
    withClient();
    const context = new Response(
      JSON.stringify({ code: 'SH001', message: 'You cannot share policies with yourself' }),
      { status: 400 },
    );
    invoke.mockResolvedValue({ data: null, error: { name: 'FunctionsHttpError', context } });
    const result = await createInvitation({
      email: 'me@example.com',
      role: 'viewer',
      policyId: null,
    });
    expect(result).toEqual({
      ok: false,
      error: { code: 'SH001', message: 'You cannot share policies with yourself' },
    });
  });

  it('says offline without asking when the browser has no network, and when the request never arrived', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const offline = await createInvitation({
      email: 'a@example.com',
      role: 'editor',
      policyId: null,
    });
    expect(offline).toMatchObject({ ok: false, error: { code: 'offline' } });
    expect(getSupabase).not.toHaveBeenCalled();

    vi.unstubAllGlobals();
    withClient();
    invoke.mockResolvedValue({
      data: null,
      error: { name: 'FunctionsFetchError', message: 'Failed to send a request' },
    });
    const lost = await createInvitation({ email: 'a@example.com', role: 'editor', policyId: null });
    expect(lost).toMatchObject({ ok: false, error: { code: 'offline' } });
  });
});

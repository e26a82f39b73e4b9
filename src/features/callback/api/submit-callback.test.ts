import { beforeEach, describe, expect, it, vi } from 'vitest';
import { submitCallback } from './submit-callback';
import { getSupabase } from '@/lib/supabase';

vi.mock('@/lib/supabase', () => ({ getSupabase: vi.fn() }));

const insert = vi.fn();
const from = vi.fn(() => ({ insert }));
const request = {
  name: 'Asha',
  phone: '+919830012345',
  city: 'Kolkata',
  product: 'Other',
} as const;

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

beforeEach(() => {
  insert.mockReset();
  from.mockClear();
  vi.mocked(getSupabase).mockReset();
  vi.mocked(getSupabase).mockResolvedValue({ from } as never);
  setOnline(true);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('submitCallback', () => {
  it('inserts exactly the four columns and does not ask for the row back', async () => {
    insert.mockResolvedValue({ error: null, status: 201 });
    await expect(submitCallback(request)).resolves.toEqual({ ok: true });
    expect(from).toHaveBeenCalledWith('callbacks');
    expect(insert).toHaveBeenCalledWith(request);
  });

  it('reports a server error as a failure', async () => {
    insert.mockResolvedValue({ error: { message: 'violates check constraint' }, status: 400 });
    await expect(submitCallback(request)).resolves.toEqual({ ok: false, reason: 'failed' });
  });

  it('reports a request that never reached the server as offline', async () => {
    insert.mockResolvedValue({ error: { message: 'TypeError: Failed to fetch' }, status: 0 });
    await expect(submitCallback(request)).resolves.toEqual({ ok: false, reason: 'offline' });
  });

  it('does not even try when the browser knows it is offline', async () => {
    setOnline(false);
    await expect(submitCallback(request)).resolves.toEqual({ ok: false, reason: 'offline' });
    expect(getSupabase).not.toHaveBeenCalled();
  });

  it('treats a failed client download as offline', async () => {
    vi.mocked(getSupabase).mockRejectedValue(
      new TypeError('Failed to fetch dynamically imported module'),
    );
    await expect(submitCallback(request)).resolves.toEqual({ ok: false, reason: 'offline' });
  });
});

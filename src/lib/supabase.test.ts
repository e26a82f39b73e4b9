import { afterEach, expect, it, vi } from 'vitest';
import { fetchWithoutStorageCache } from './supabase-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch() {
  const calls: (RequestInit | undefined)[] = [];
  vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(init);
    return Promise.resolve(new Response('ok'));
  });
  return calls;
}

it('asks for document files past the browser HTTP cache, so a revoked file is fetched again', async () => {
  const calls = stubFetch();
  await fetchWithoutStorageCache(
    'https://api.example.com/storage/v1/object/policy-documents/u/p/d',
    { method: 'GET', headers: { Authorization: 'Bearer t' } },
  );
  await fetchWithoutStorageCache(new URL('https://api.example.com/storage/v1/object/x'));
  expect(calls.map((c) => c?.cache)).toEqual(['no-store', 'no-store']);
  expect(calls[0]?.headers).toEqual({ Authorization: 'Bearer t' });
});

it('leaves other requests as supabase-js made them', async () => {
  const calls = stubFetch();
  const init = { method: 'POST', body: '{}' };
  await fetchWithoutStorageCache('https://api.example.com/rest/v1/rpc/sync_pull', init);
  expect(calls).toEqual([init]);
});

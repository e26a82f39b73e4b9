import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { policyInput, storeHealthType } from '../../../tests/helpers/tracker-fixtures';
import { testTrackerSessions } from './test-utils';
import { policiesSource, prefetchPolicies } from './live-policies';

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000002';

describe('the policies read started ahead of the dashboard', () => {
  it('has the list before the dashboard subscribes, then follows changes', async () => {
    const { sessions } = testTrackerSessions({});
    const { db, repo } = sessions.acquire(crypto.randomUUID());
    await storeHealthType(db, HEALTH);
    await repo.savePolicy(policyInput(HEALTH));

    prefetchPolicies(db);
    const source = policiesSource(db);
    // What the dashboard's first render reads, with nobody subscribed yet.
    await waitFor(() => expect(source.snapshot()).toBeDefined());
    const first = source.snapshot();
    expect(first?.ok && first.value.map((p) => p.insurer_name)).toEqual(['Star Health']);

    const listener = vi.fn();
    const unsubscribe = source.subscribe(listener);
    // Subscribing does not read again: the same list object is still the snapshot.
    expect(source.snapshot()).toBe(first);
    await repo.savePolicy(
      policyInput(HEALTH, { insurer_name: 'Niva Bupa', policy_number: 'NB-2' }),
    );
    await waitFor(() => {
      const now = source.snapshot();
      expect(now?.ok && now.value.map((p) => p.insurer_name).sort()).toEqual([
        'Niva Bupa',
        'Star Health',
      ]);
    });
    expect(listener).toHaveBeenCalled();
    unsubscribe();
  });
});

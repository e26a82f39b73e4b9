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

  it('keeps the cards of policies a change did not touch, and the list when no card changed', async () => {
    const { sessions } = testTrackerSessions({});
    const { db, repo } = sessions.acquire(crypto.randomUUID());
    await storeHealthType(db, HEALTH);
    const star = await repo.savePolicy(policyInput(HEALTH));
    await repo.savePolicy(
      policyInput(HEALTH, { insurer_name: 'Niva Bupa', policy_number: 'NB-2' }),
    );
    const source = policiesSource(db);
    const listener = vi.fn();
    const unsubscribe = source.subscribe(listener);
    await waitFor(() => {
      const now = source.snapshot();
      expect(now?.ok && now.value).toHaveLength(2);
    });
    const before = source.snapshot();
    if (!before?.ok) throw new Error('the list was not read');
    const niva = before.value.find((p) => p.insurer_name === 'Niva Bupa');

    // One policy edited: only its card gets a new object (the others' memoised cards skip).
    await repo.savePolicy({
      ...policyInput(HEALTH, { insurer_name: 'Star Health Ltd' }),
      id: star,
    });
    await waitFor(() => {
      const now = source.snapshot();
      expect(now?.ok && now.value.map((p) => p.insurer_name)).toContain('Star Health Ltd');
    });
    const after = source.snapshot();
    if (!after?.ok) throw new Error('the list was not read');
    expect(after.value.find((p) => p.insurer_name === 'Niva Bupa')).toBe(niva);

    // A write the list reads but no card shows (a type no policy uses): the same list, unsaid.
    listener.mockClear();
    const health = await db.policyTypes.get(HEALTH);
    if (!health) throw new Error('no Health type');
    await db.policyTypes.put({ ...health, id: crypto.randomUUID(), name: 'Pet' });
    // Then one the cards show: once it is in, the list was told once, of it alone.
    await db.policyTypes.put({ ...health, name: 'Health insurance' });
    await waitFor(() => {
      const now = source.snapshot();
      expect(now?.ok && now.value.map((p) => p.type?.name)).toEqual([
        'Health insurance',
        'Health insurance',
      ]);
    });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});

import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { policyInput, storeHealthType } from '../../../../tests/helpers/tracker-fixtures';
import { testTrackerSessions } from '../test-utils';
import { prefetchPolicies } from '../live-policies';
import { usePolicies } from './use-policies';

const HEALTH = '6f1a0c2e-0000-4000-8000-000000000003';

async function storeWith(insurer: string) {
  const { sessions } = testTrackerSessions({});
  const { db, repo } = sessions.acquire(crypto.randomUUID());
  await storeHealthType(db, HEALTH);
  await repo.savePolicy(policyInput(HEALTH, { insurer_name: insurer }));
  return { db, repo };
}

const insurers = (list: { insurer_name: string }[] | undefined) =>
  list?.map((policy) => policy.insurer_name).sort();

describe("the dashboard's list of policies", () => {
  it('is there on the first render when the read started ahead has finished', async () => {
    const { db } = await storeWith('Star Health');
    prefetchPolicies(db);
    const { result: probe, unmount } = renderHook(() => usePolicies(db));
    await waitFor(() => expect(insurers(probe.current)).toEqual(['Star Health']));
    unmount();

    const renders: (string[] | undefined)[] = [];
    renderHook(() => {
      const list = usePolicies(db);
      renders.push(insurers(list));
      return list;
    });
    expect(renders[0]).toEqual(['Star Health']);
  });

  it('arrives after a first render without it, and follows later changes', async () => {
    const { db, repo } = await storeWith('Star Health');
    const { result } = renderHook(() => usePolicies(db));
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(insurers(result.current)).toEqual(['Star Health']));

    await repo.savePolicy(
      policyInput(HEALTH, { insurer_name: 'Niva Bupa', policy_number: 'NB-9' }),
    );
    await waitFor(() => expect(insurers(result.current)).toEqual(['Niva Bupa', 'Star Health']));
  });

  it("never shows one user's list for another's store", async () => {
    const first = await storeWith('Star Health');
    const second = await storeWith('Care Health');
    const seen: (string[] | undefined)[] = [];
    const { rerender } = renderHook(
      ({ db }) => {
        const list = usePolicies(db);
        seen.push(insurers(list));
        return list;
      },
      { initialProps: { db: first.db } },
    );
    await waitFor(() => expect(seen.at(-1)).toEqual(['Star Health']));
    const before = seen.length;
    rerender({ db: second.db });
    await waitFor(() => expect(seen.at(-1)).toEqual(['Care Health']));
    expect(seen.slice(before)).not.toContainEqual(['Star Health']);
  });
});

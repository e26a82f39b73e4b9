import { describe, expect, it } from 'vitest';
import { HEALTH_TYPE, policyView } from '../tracker/test-utils';
import {
  dueCountLabel,
  dueItems,
  duePolicyInputs,
  groupDueItems,
  type DuePolicyInput,
} from './due-items';

const TODAY = '2025-06-01';

function p(id: string, due: string): DuePolicyInput {
  return {
    id,
    insurer_name: `Insurer ${id}`,
    policy_number: id,
    next_renewal_date: due,
    typeName: 'Health',
  };
}

describe('due items', () => {
  it('groups lapsed, today, within 7 and within 30 days, leaving out the rest', () => {
    const items = dueItems(
      [
        p('month', '2025-07-01'),
        p('far', '2025-07-02'),
        p('today', TODAY),
        p('week', '2025-06-08'),
        p('tomorrow', '2025-06-02'),
        p('lapsed', '2025-05-01'),
      ],
      TODAY,
    );
    expect(items).toHaveLength(5);
    expect(groupDueItems(items).map((g) => [g.label, g.items.map((i) => i.policy.id)])).toEqual([
      ['Lapsed', ['lapsed']],
      ['Due today', ['today']],
      ['Within 7 days', ['tomorrow', 'week']],
      ['Within 30 days', ['month']],
    ]);
    expect(items.find((i) => i.policy.id === 'lapsed')?.status.text).toBe('Lapsed 31 days ago');
    expect(items.find((i) => i.policy.id === 'week')?.reminder.key).toBe('week:2025-06-08:7');
  });

  it('labels the count for screen readers', () => {
    expect(dueCountLabel(1)).toBe('1 policy due for renewal or lapsed');
    expect(dueCountLabel(3)).toBe('3 policies due for renewal or lapsed');
  });
});

describe('due inputs from the dashboard’s policies', () => {
  const shared = (remindersEnabled: boolean) => ({
    owner_id: 'owner',
    owner_label: 'Priya',
    role: 'viewer' as const,
    share_ids: ['s1'],
    reminders_enabled: remindersEnabled,
  });

  it('keeps the user’s own and shared ones with reminders on, each with its type’s name', () => {
    const own = policyView({ insurer_name: 'Star Health', type: HEALTH_TYPE });
    const untyped = policyView({ insurer_name: 'LIC', type: null });
    const on = policyView({ insurer_name: 'Bajaj', shared: shared(true) });
    const off = policyView({ insurer_name: 'HDFC Ergo', shared: shared(false) });
    expect(duePolicyInputs([own, untyped, on, off])).toEqual([
      {
        id: own.id,
        insurer_name: 'Star Health',
        policy_number: own.policy_number,
        next_renewal_date: own.next_renewal_date,
        typeName: 'Health',
        typeId: HEALTH_TYPE.id,
      },
      expect.objectContaining({ id: untyped.id, typeName: null, typeId: null }),
      expect.objectContaining({ id: on.id, insurer_name: 'Bajaj' }),
    ]);
  });

  it('names no type the device no longer knows (removed by the admin), keeping its id', () => {
    const removed = policyView({ policy_type_id: 'gone-type', type: null });
    expect(duePolicyInputs([removed])[0]).toMatchObject({ typeName: null, typeId: 'gone-type' });
  });
});

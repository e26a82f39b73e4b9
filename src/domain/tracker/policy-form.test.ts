import { describe, expect, it } from 'vitest';
import { policyInputSchema } from '../schemas';
import {
  emptyPolicyForm,
  missingRequiredFields,
  policyFormSchema,
  policyToFormValues,
  RENEWAL_BEFORE_START_MESSAGE,
  findSavedPerson,
  relationshipClashes,
  savedMembers,
  withoutUntouchedContacts,
  withSavedPeople,
  type PolicyFormValues,
} from './policy-form';

const typeId = '6f1a0c2e-0000-4000-8000-000000000002';

function filled(overrides: Partial<PolicyFormValues> = {}): PolicyFormValues {
  return {
    ...emptyPolicyForm(),
    policy_type_id: typeId,
    insurer_name: ' Star Health ',
    policy_number: 'SH-123',
    start_date: '2025-03-15',
    next_renewal_date: '2026-03-15',
    ...overrides,
  };
}

function fieldErrors(values: PolicyFormValues): Record<string, string> {
  const result = policyFormSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('policyFormSchema', () => {
  it('starts yearly with one blank member row', () => {
    const empty = emptyPolicyForm();
    expect(empty.renewal_frequency).toBe('yearly');
    expect(empty.members).toEqual([{ name: '', relationship: '' }]);
  });

  it('names every missing required field', () => {
    expect(fieldErrors(emptyPolicyForm())).toEqual({
      policy_type_id: 'Policy type is required',
      insurer_name: 'Insurer name is required',
      policy_number: 'Policy number is required',
      start_date: 'Start date is required',
      next_renewal_date: 'Next renewal date is required',
    });
    expect(missingRequiredFields(emptyPolicyForm())).toEqual([
      'policy_type_id',
      'insurer_name',
      'policy_number',
      'start_date',
      'next_renewal_date',
    ]);
    expect(missingRequiredFields(filled({ insurer_name: '   ' }))).toEqual(['insurer_name']);
    expect(missingRequiredFields(filled())).toEqual([]);
  });

  it('refuses a next renewal before the start date, and allows the same day', () => {
    expect(fieldErrors(filled({ next_renewal_date: '2025-03-14' }))).toEqual({
      next_renewal_date: RENEWAL_BEFORE_START_MESSAGE,
    });
    expect(policyFormSchema.safeParse(filled({ next_renewal_date: '2025-03-15' })).success).toBe(
      true,
    );
  });

  it('refuses dates the database would refuse at sync (before 1900, after 2999) with a message', () => {
    expect(fieldErrors(filled({ start_date: '1899-12-31' }))).toEqual({
      start_date: 'Use a date between the years 1900 and 2999',
    });
    expect(fieldErrors(filled({ next_renewal_date: '3000-01-01' }))).toEqual({
      next_renewal_date: 'Use a date between the years 1900 and 2999',
    });
    expect(
      fieldErrors(filled({ start_date: '1900-01-01', next_renewal_date: '2999-12-31' })),
    ).toEqual({});
  });

  it('saves empty optional numbers and details as null', () => {
    const out = policyFormSchema.parse(filled({ product_name: '  ', additional_details: '' }));
    expect(out).toMatchObject({
      insurer_name: 'Star Health',
      product_name: null,
      sum_insured: null,
      premium_amount: null,
      additional_details: null,
      renewal_frequency: 'yearly',
      members: [],
    });
  });

  it('keeps amounts, details and the chosen frequency', () => {
    const out = policyFormSchema.parse(
      filled({
        sum_insured: 500000,
        premium_amount: '15000',
        renewal_frequency: '6-monthly',
        additional_details: 'TPA: Medi Assist',
      }),
    );
    expect(out).toMatchObject({
      sum_insured: 500000,
      premium_amount: 15000,
      renewal_frequency: '6-monthly',
      additional_details: 'TPA: Medi Assist',
    });
  });

  it('refuses negative amounts', () => {
    expect(fieldErrors(filled({ premium_amount: -1 }))).toEqual({
      premium_amount: 'Premium amount cannot be negative',
    });
  });

  it('saves only member rows with both a name and a relationship', () => {
    const out = policyFormSchema.parse(
      filled({
        members: [
          { name: ' Asha ', relationship: 'Self' },
          { name: 'Ravi', relationship: '' },
          { name: '', relationship: 'Son' },
          { name: '', relationship: '' },
          { name: 'Mira', relationship: 'Daughter' },
        ],
      }),
    );
    expect(out.members).toEqual([
      { name: 'Asha', relationship: 'Self' },
      { name: 'Mira', relationship: 'Daughter' },
    ]);
  });

  it('checks saved member rows against the person schema', () => {
    expect(
      fieldErrors(filled({ members: [{ name: 'x'.repeat(101), relationship: 'Self' }] })),
    ).toEqual({ 'members.0.name': 'Name must be at most 100 characters' });
  });

  it('produces what the entity schema accepts', () => {
    const { members: _members, ...policy } = policyFormSchema.parse(
      filled({ sum_insured: 100, premium_amount: 10 }),
    );
    expect(policyInputSchema.safeParse(policy).success).toBe(true);
  });
});

describe('savedMembers', () => {
  it('keeps one row per name', () => {
    expect(
      savedMembers([
        { name: 'Asha', relationship: 'Self' },
        { name: 'Asha ', relationship: 'Spouse' },
      ]),
    ).toEqual([{ name: 'Asha', relationship: 'Self' }]);
  });
});

describe('saved people', () => {
  const ravi = { id: 'p1', name: 'Ravi', relationship: 'Husband' };
  const people = [ravi, { id: 'p2', name: 'Asha', relationship: 'Self' }];

  it('finds a saved person by name, in any capitals', () => {
    expect(findSavedPerson(people, ' ravi ')?.id).toBe('p1');
    expect(findSavedPerson(people, 'Ravindra')).toBeUndefined();
    expect(findSavedPerson(people, ' ')).toBeUndefined();
  });

  it('asks before a typed relationship changes a saved person', () => {
    const clashes = relationshipClashes(people, [
      { name: 'Asha', relationship: 'Self' },
      { name: 'ravi', relationship: ' Spouse ' },
      { name: 'Meena', relationship: 'Mother' },
      { name: 'Asha', relationship: '' },
    ]);
    expect(clashes).toEqual([{ index: 1, person: ravi, wanted: 'Spouse' }]);
  });

  it('saves a name meaning a saved person as that person', () => {
    expect(
      withSavedPeople(people, [
        { name: 'ravi', relationship: 'Husband' },
        { name: 'Ravi', relationship: 'Husband' },
        { name: 'Asha', relationship: '' },
        { name: 'Meena', relationship: 'Mother' },
        { name: 'Kiran', relationship: '' },
      ]),
    ).toEqual([
      { name: 'Ravi', relationship: 'Husband' },
      { name: 'Asha', relationship: 'Self' },
      { name: 'Meena', relationship: 'Mother' },
    ]);
  });
});

describe('policyToFormValues', () => {
  it('shows a stored policy in the form and saves it back unchanged', () => {
    const stored = {
      policy_type_id: typeId,
      insurer_name: 'Star Health',
      policy_number: 'SH-123',
      product_name: null,
      start_date: '2025-03-15',
      next_renewal_date: '2026-03-15',
      renewal_frequency: 'monthly' as const,
      sum_insured: 500000,
      premium_amount: null,
      additional_details: null,
      nominee_name: 'Ravi',
      claim_helpline: '1800-425-2255',
      tpa_name: null,
      tpa_helpline: null,
      agent_name: null,
      agent_phone: '+91 98765 43210',
      members: [{ name: 'Asha', relationship: 'Self' }],
    };
    const values = policyToFormValues(stored);
    expect(values).toMatchObject({
      product_name: '',
      premium_amount: '',
      additional_details: '',
      nominee_name: 'Ravi',
      tpa_name: '',
    });
    expect(policyFormSchema.parse(values)).toEqual(stored);
  });

  it('gives a policy without members one blank row', () => {
    const values = policyToFormValues({
      policy_type_id: null,
      insurer_name: 'X',
      policy_number: '1',
      product_name: null,
      start_date: '2025-01-01',
      next_renewal_date: '2026-01-01',
      renewal_frequency: 'yearly',
      sum_insured: null,
      premium_amount: null,
      additional_details: null,
      members: [],
    });
    expect(values.members).toEqual([{ name: '', relationship: '' }]);
  });
});

describe('contact fields', () => {
  it('saves them trimmed, a blank one as null (cleared)', () => {
    const saved = policyFormSchema.parse(
      filled({ nominee_name: ' Ravi Kumar ', claim_helpline: '1800 425 2255', tpa_name: '  ' }),
    );
    expect(saved).toMatchObject({
      nominee_name: 'Ravi Kumar',
      claim_helpline: '1800 425 2255',
      tpa_name: null,
      agent_phone: null,
    });
  });

  it('refuses phone numbers with a message saying what to change, and long names', () => {
    expect(
      fieldErrors(filled({ tpa_helpline: '1800 TPA HELP', agent_phone: '98765--43210' })),
    ).toEqual({
      tpa_helpline:
        'TPA helpline can only have digits, spaces, hyphens and a + at the start, e.g. 1800-425-2255',
      agent_phone:
        'Agent or advisor phone: put one space or hyphen between groups of digits, e.g. +91 98765 43210',
    });
    expect(fieldErrors(filled({ tpa_name: 'T'.repeat(121) }))).toEqual({
      tpa_name: 'TPA name must be at most 120 characters',
    });
  });

  it('leaves out of a save the contacts the user did not change', () => {
    const initial = policyToFormValues({
      policy_type_id: typeId,
      insurer_name: 'Star Health',
      policy_number: 'SH-123',
      product_name: null,
      start_date: '2025-03-15',
      next_renewal_date: '2026-03-15',
      renewal_frequency: 'yearly',
      sum_insured: null,
      premium_amount: null,
      additional_details: null,
      nominee_name: 'Ravi',
      // tpa_name and the rest: a policy stored before the fields existed.
      members: [],
    });
    const untouched = withoutUntouchedContacts(policyFormSchema.parse(initial), initial);
    for (const field of ['nominee_name', 'tpa_name', 'claim_helpline', 'agent_phone']) {
      expect(field in untouched, field).toBe(false);
    }
    const edited = withoutUntouchedContacts(
      policyFormSchema.parse({ ...initial, nominee_name: '', claim_helpline: '1800-425-2255' }),
      initial,
    );
    expect(edited).toMatchObject({ nominee_name: null, claim_helpline: '1800-425-2255' });
    expect('tpa_name' in edited).toBe(false);
  });
});

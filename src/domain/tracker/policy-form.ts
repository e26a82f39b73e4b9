import { z } from 'zod';
import {
  defaultRenewalFrequency,
  optionalAmount,
  optionalText,
  PREMIUM_AMOUNT_LIMIT,
  personInputSchema,
  renewalFrequencySchema,
  requiredText,
  SUM_INSURED_LIMIT,
  ADDITIONAL_DETAILS_MAX_LENGTH,
  keptOptionalPhone,
  keptOptionalText,
  CONTACT_NAME_MAX_LENGTH,
  policyContactFields,
  contactRecord,
  type PersonValues,
  type PolicyContacts,
  type PolicyDetails,
  type PolicyContactField,
  type RenewalFrequencyValue,
} from '../schemas';
import { blankToUndefined, numberInput, requiredDate } from './form-fields';

/** A member row as typed; blank rows are allowed and dropped on save. */
export interface MemberRow {
  name: string;
  relationship: string;
}

/**
 * The policy form's values as the inputs hold them: selects and date pickers give null when
 * empty, number inputs give '' when empty.
 */
export interface PolicyFormValues extends Record<PolicyContactField, string> {
  policy_type_id: string | null;
  insurer_name: string;
  policy_number: string;
  product_name: string;
  start_date: string | null;
  next_renewal_date: string | null;
  renewal_frequency: RenewalFrequencyValue;
  sum_insured: number | string;
  premium_amount: number | string;
  members: MemberRow[];
  additional_details: string;
}

/**
 * What a save writes: the policy's own fields (PolicyInput) plus the covered members. A
 * contact set to null is cleared; one left out is kept as stored (an edit that did not touch
 * it, see withoutUntouchedContacts).
 */
export interface PolicySubmission extends PolicyDetails, PolicyContacts {
  policy_type_id: string;
  members: PersonValues[];
}

/** The fields spec §5 requires; a missing one gets the 'Please fill all required fields.' toast. */
export const requiredPolicyFields = [
  'policy_type_id',
  'insurer_name',
  'policy_number',
  'start_date',
  'next_renewal_date',
] as const;
export type RequiredPolicyField = (typeof requiredPolicyFields)[number];

export const REQUIRED_FIELDS_MESSAGE = 'Please fill all required fields.';
export const RENEWAL_BEFORE_START_MESSAGE = 'Next renewal date cannot be before the start date';

export function emptyMemberRow(): MemberRow {
  return { name: '', relationship: '' };
}

export function emptyPolicyForm(): PolicyFormValues {
  return {
    policy_type_id: null,
    insurer_name: '',
    policy_number: '',
    product_name: '',
    start_date: null,
    next_renewal_date: null,
    renewal_frequency: defaultRenewalFrequency,
    sum_insured: '',
    premium_amount: '',
    members: [emptyMemberRow()],
    additional_details: '',
    ...contactRecord(() => ''),
  };
}

const amount = (limit: number, label: string) => numberInput(optionalAmount(limit, label));

const memberRowSchema = z.object({ name: z.string(), relationship: z.string() });

/**
 * The form's schema, built from the entity schema's rules (same lengths, limits and messages
 * as domain/schemas policyInputSchema and personInputSchema) with form-friendly empties.
 * The output is exactly what a save writes.
 */
export const policyFormSchema = z
  .object({
    policy_type_id: z.preprocess(blankToUndefined, z.guid({ error: 'Policy type is required' })),
    insurer_name: requiredText(120, 'Insurer name'),
    policy_number: requiredText(60, 'Policy number'),
    product_name: optionalText(120, 'Product/Plan name'),
    start_date: requiredDate('Start date'),
    next_renewal_date: requiredDate('Next renewal date'),
    renewal_frequency: renewalFrequencySchema.default(defaultRenewalFrequency),
    sum_insured: amount(SUM_INSURED_LIMIT, 'Sum insured'),
    premium_amount: amount(PREMIUM_AMOUNT_LIMIT, 'Premium amount'),
    members: z.array(memberRowSchema).default([]),
    additional_details: optionalText(ADDITIONAL_DETAILS_MAX_LENGTH, 'Additional details'),
    // The entity schema's rules; a blank field comes out null (cleared).
    nominee_name: keptOptionalText(CONTACT_NAME_MAX_LENGTH.nominee_name, 'Nominee'),
    claim_helpline: keptOptionalPhone('Claim helpline'),
    tpa_name: keptOptionalText(CONTACT_NAME_MAX_LENGTH.tpa_name, 'TPA name'),
    tpa_helpline: keptOptionalPhone('TPA helpline'),
    agent_name: keptOptionalText(
      CONTACT_NAME_MAX_LENGTH.agent_name,
      'Agent or advisor name',
    ).default(''),
    agent_phone: keptOptionalPhone('Agent or advisor phone'),
  })
  .superRefine((v, ctx) => {
    // Only rows with both a name and a relationship are saved (spec §5); those are checked
    // against the person schema so a too-long name is refused here, not by the server later.
    v.members.forEach((row, index) => {
      if (row.name.trim() === '' || row.relationship.trim() === '') return;
      const parsed = personInputSchema.safeParse(row);
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({
          code: 'custom',
          message: issue.message,
          path: ['members', index, ...issue.path],
        });
      }
    });
    // ISO dates compare correctly as strings.
    if (v.next_renewal_date < v.start_date) {
      ctx.addIssue({
        code: 'custom',
        message: RENEWAL_BEFORE_START_MESSAGE,
        path: ['next_renewal_date'],
      });
    }
  })
  .transform(({ members, ...v }): PolicySubmission => ({
    ...v,
    ...contactRecord((field) => v[field] ?? null),
    members: savedMembers(members),
  }));

/**
 * The submission without the contact fields the user left as they were, so saving an edit
 * never writes them: a value another device set meanwhile is kept, and a policy stored
 * before the fields existed is not changed by a save that did not touch them.
 */
export function withoutUntouchedContacts(
  submission: PolicySubmission,
  initial: PolicyFormValues,
): PolicySubmission {
  const contacts: readonly string[] = policyContactFields;
  const rest = Object.fromEntries(
    Object.entries(submission).filter(([key]) => !contacts.includes(key)),
  ) as Omit<PolicySubmission, PolicyContactField>;
  const changed: PolicyContacts = {};
  for (const field of policyContactFields) {
    const before = initial[field].trim() === '' ? null : initial[field].trim();
    const after = submission[field] ?? null;
    if (after !== before) changed[field] = after;
  }
  return { ...rest, ...changed };
}

/**
 * Member rows worth saving: both fields filled, trimmed, one row per name (people are unique
 * per user by name, so a repeated name would be the same person twice).
 */
export function savedMembers(rows: readonly MemberRow[]): PersonValues[] {
  const seen = new Set<string>();
  const out: PersonValues[] = [];
  for (const row of rows) {
    const name = row.name.trim();
    const relationship = row.relationship.trim();
    if (name === '' || relationship === '' || seen.has(name)) continue;
    seen.add(name);
    out.push({ name, relationship });
  }
  return out;
}

/** The required fields left empty: any at all gets the 'Please fill all required fields.' toast. */
export function missingRequiredFields(values: PolicyFormValues): RequiredPolicyField[] {
  return requiredPolicyFields.filter((field) => {
    const value = values[field];
    return value === null || value.trim() === '';
  });
}

/** A stored policy as the form shows it for editing. */
export interface EditablePolicy extends PolicyDetails, PolicyContacts {
  policy_type_id: string | null;
  members: readonly MemberRow[];
}

export function policyToFormValues(policy: EditablePolicy): PolicyFormValues {
  return {
    policy_type_id: policy.policy_type_id,
    insurer_name: policy.insurer_name,
    policy_number: policy.policy_number,
    product_name: policy.product_name ?? '',
    start_date: policy.start_date,
    next_renewal_date: policy.next_renewal_date,
    renewal_frequency: policy.renewal_frequency,
    sum_insured: policy.sum_insured ?? '',
    premium_amount: policy.premium_amount ?? '',
    members:
      policy.members.length > 0
        ? policy.members.map((m) => ({ name: m.name, relationship: m.relationship }))
        : [emptyMemberRow()],
    additional_details: policy.additional_details ?? '',
    ...contactRecord((field) => policy[field] ?? ''),
  };
}

/** A person already saved for the user, as the member picker lists them. */
export interface SavedPerson {
  id: string;
  name: string;
  relationship: string;
}

const nameKey = (name: string) => name.trim().toLocaleLowerCase('en-IN');

/**
 * The saved person a typed name means: the same name, else the same name in other capitals
 * ("ravi" is Ravi), so a member is reused rather than saved twice.
 */
export function findSavedPerson(
  people: readonly SavedPerson[],
  name: string,
): SavedPerson | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return undefined;
  return (
    people.find((p) => p.name === trimmed) ?? people.find((p) => nameKey(p.name) === nameKey(name))
  );
}

/** A member row naming a saved person with another relationship: the user has to choose. */
export interface RelationshipClash {
  index: number;
  person: SavedPerson;
  /** The relationship typed in the row. */
  wanted: string;
}

export function relationshipClash(
  people: readonly SavedPerson[],
  row: MemberRow,
  index: number,
): RelationshipClash | null {
  const wanted = row.relationship.trim();
  const person = findSavedPerson(people, row.name);
  if (!person || wanted === '' || wanted === person.relationship) return null;
  return { index, person, wanted };
}

export function relationshipClashes(
  people: readonly SavedPerson[],
  rows: readonly MemberRow[],
): RelationshipClash[] {
  return rows.flatMap((row, index) => relationshipClash(people, row, index) ?? []);
}

/**
 * Members as saved: a name meaning a saved person is written as that person's name, and with
 * no relationship typed it is that person as saved.
 */
export function withSavedPeople(
  people: readonly SavedPerson[],
  rows: readonly MemberRow[],
): PersonValues[] {
  return savedMembers(
    rows.map((row) => {
      const person = findSavedPerson(people, row.name);
      if (!person) return row;
      return { name: person.name, relationship: row.relationship.trim() || person.relationship };
    }),
  );
}

/** What deleting one of the user's own types does to their policies, said before it is done. */
export function typeDeletionMessage(typeName: string, policies: number): string {
  if (policies === 0) return `None of your policies use “${typeName}”. This cannot be undone.`;
  const used =
    policies === 1 ? '1 of your policies uses it' : `${policies} of your policies use it`;
  const them = policies === 1 ? 'It stays' : 'They stay';
  return `${used}. ${them}, shown as Uncategorised until you choose another type. This cannot be undone.`;
}

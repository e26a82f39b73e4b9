import type { policyContactFields } from '../schemas';
import type { TransferField } from './columns';
import type { TransferMember } from './format';
import { duplicateKey, type ImportPolicy, type ValidRow } from './check';

/** What to do with a row naming a policy that is already saved, or named again in the file. */
export type DuplicateChoice = 'skip' | 'update';

/** A saved policy as the import compares and updates it. */
export interface CurrentPolicy extends Partial<
  Record<(typeof policyContactFields)[number], string | null>
> {
  id: string;
  insurer_name: string;
  policy_number: string;
  product_name: string | null;
  start_date: string;
  next_renewal_date: string;
  renewal_frequency: ImportPolicy['renewal_frequency'];
  sum_insured: number | null;
  premium_amount: number | null;
  additional_details: string | null;
  members: readonly TransferMember[];
}

export interface Duplicate {
  row: ValidRow;
  /** "a saved policy" or the earlier line with the same policy. */
  of: string;
}

export interface PlannedSave {
  row: ValidRow;
  /** The saved policy this row updates; absent for a new policy. */
  update?: CurrentPolicy;
}

export interface SkippedRow {
  row: ValidRow;
  reason: string;
}

export interface ImportPlan {
  /** In file order. */
  saves: PlannedSave[];
  skipped: SkippedRow[];
  duplicates: Duplicate[];
}

/**
 * Decides what a confirmed import writes. Duplicates are rows with the same insurer and
 * policy number (case and spaces ignored) as a saved policy or another row. Skip keeps what
 * is there (the saved policy, or the first such row); update writes the file's values (its
 * last such row) over the saved policy.
 */
export function planImport(
  rows: readonly ValidRow[],
  saved: readonly CurrentPolicy[],
  choice: DuplicateChoice,
): ImportPlan {
  const savedByKey = new Map<string, CurrentPolicy>();
  for (const policy of saved) {
    const key = duplicateKey(policy.insurer_name, policy.policy_number);
    if (!savedByKey.has(key)) savedByKey.set(key, policy);
  }
  const groups = new Map<string, ValidRow[]>();
  for (const row of rows) groups.set(row.key, [...(groups.get(row.key) ?? []), row]);

  const duplicates: Duplicate[] = [];
  const kept = new Map<ValidRow, PlannedSave>();
  const skipped: SkippedRow[] = [];
  for (const [key, group] of groups) {
    const current = savedByKey.get(key);
    const first = group[0];
    group.forEach((row, index) => {
      if (current) duplicates.push({ row, of: 'a saved policy' });
      else if (index > 0 && first) duplicates.push({ row, of: first.label });
    });
    const chosen = choice === 'update' ? group.at(-1) : current ? undefined : first;
    for (const row of group) {
      if (row === chosen) {
        kept.set(row, current ? { row, update: current } : { row });
      } else if (current && choice === 'skip') {
        skipped.push({ row, reason: 'already saved' });
      } else {
        const reason =
          choice === 'update'
            ? `${chosen?.label ?? ''} has the same policy and is used`
            : `same policy as ${first?.label ?? ''}`;
        skipped.push({ row, reason });
      }
    }
  }
  return {
    saves: rows.flatMap((row) => kept.get(row) ?? []),
    skipped,
    duplicates,
  };
}

/**
 * What the save writes for a planned row: the file's values; for an update, a field the
 * file does not have (an unmapped column) keeps its saved value. Contacts need nothing here:
 * one the file lacks is left out of the save, which keeps it as saved. Payments are the
 * file's too: the save records only those the policy does not have yet (unsavedPayments), so
 * updating from the same file twice never doubles them, and an import deletes none.
 */
export function importedPolicy(save: PlannedSave): ImportPolicy {
  const { row, update } = save;
  const policy = row.policy;
  if (!update) return policy;
  const has = (field: TransferField) => row.given.has(field);
  return {
    ...policy,
    product_name: has('product_name') ? policy.product_name : update.product_name,
    renewal_frequency: has('renewal_frequency')
      ? policy.renewal_frequency
      : update.renewal_frequency,
    sum_insured: has('sum_insured') ? policy.sum_insured : update.sum_insured,
    premium_amount: has('premium_amount') ? policy.premium_amount : update.premium_amount,
    additional_details: has('additional_details')
      ? policy.additional_details
      : update.additional_details,
    members: has('members')
      ? policy.members
      : update.members.map((m) => ({ name: m.name, relationship: m.relationship })),
  };
}

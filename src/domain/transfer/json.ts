import type { ImportRow, ImportValues, TransferField } from './columns';
import {
  TRANSFER_VERSION,
  transferFileSchema,
  transferPolicySchema,
  type TransferPolicyEntry,
} from './format';

export type JsonImport = { ok: true; rows: ImportRow[] } | { ok: false; error: string };

const FIELDS = [
  'type',
  'insurer_name',
  'policy_number',
  'product_name',
  'start_date',
  'next_renewal_date',
  'renewal_frequency',
  'sum_insured',
  'premium_amount',
  'members',
  'nominee_name',
  'claim_helpline',
  'tpa_name',
  'tpa_helpline',
  'agent_name',
  'agent_phone',
  'additional_details',
] as const satisfies readonly (TransferField & keyof TransferPolicyEntry)[];

function values(entry: TransferPolicyEntry): ImportValues {
  const out: ImportValues = {};
  for (const field of FIELDS) {
    if (entry[field] === undefined) continue;
    Object.assign(out, { [field]: entry[field] });
  }
  return out;
}

/** A BimaGuide JSON export's policies as import rows ("Policy 3"); a wrong file is one error. */
export function rowsFromJson(text: string): JsonImport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: 'This file is not valid JSON.' };
  }
  const file = transferFileSchema.safeParse(data);
  if (!file.success) {
    return { ok: false, error: 'This JSON file is not a BimaGuide export.' };
  }
  if (file.data.version > TRANSFER_VERSION) {
    return {
      ok: false,
      error: `This file was made by a newer BimaGuide (format ${file.data.version}). Update the app, then import it again.`,
    };
  }
  const rows = file.data.policies.map((raw, index): ImportRow => {
    const label = `Policy ${index + 1}`;
    const entry = transferPolicySchema.safeParse(raw);
    if (!entry.success) {
      return {
        label,
        values: {},
        problems: entry.error.issues.map((i) =>
          i.path.length > 0 ? `${i.path.join('.')}: ${i.message}` : i.message,
        ),
      };
    }
    return {
      label,
      values: values(entry.data),
      typeIcon: entry.data.type_icon ?? null,
      ...(entry.data.payments ? { payments: entry.data.payments } : {}),
    };
  });
  return { ok: true, rows };
}

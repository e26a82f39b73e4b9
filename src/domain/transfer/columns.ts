import type { TransferMember, TransferPolicy } from './format';
import { paymentsCell, totalPaid } from './payments';

/**
 * A policy's fields a file can set: the JSON keys, and what a CSV column can be mapped to.
 * Payments are a list of their own (ImportRow.payments), read from JSON only.
 */
export type TransferField = Exclude<keyof TransferPolicy, 'type_icon' | 'payments'>;

export interface TransferColumn {
  field: TransferField;
  /** The CSV export's header, also shown in the column mapping and in error messages. */
  header: string;
  /** Other headers that mean this field (compared without case, spaces or punctuation). */
  aliases?: readonly string[];
  /** Import needs a column for it. */
  required?: boolean;
  /** The CSV cell when it is not the field's value as it is (numbers and ISO dates are). */
  cell?: (policy: TransferPolicy) => string;
}

/**
 * The CSV's columns, in order: one row per policy. Adding a field to the export and the
 * import's mapping is one line here (plus its key in format.ts).
 */
export const transferColumns: readonly TransferColumn[] = [
  {
    field: 'insurer_name',
    header: 'Insurer',
    aliases: ['insurer name', 'insurance company', 'company'],
    required: true,
  },
  {
    field: 'policy_number',
    header: 'Policy number',
    aliases: ['policy no', 'policy #', 'policy'],
    required: true,
  },
  {
    field: 'type',
    header: 'Type',
    aliases: ['policy type', 'category', 'insurance type'],
    required: true,
  },
  {
    field: 'product_name',
    header: 'Plan',
    aliases: ['product', 'product name', 'plan name', 'product/plan name'],
  },
  {
    field: 'start_date',
    header: 'Start date',
    aliases: ['policy start date', 'start', 'issue date'],
    required: true,
  },
  {
    field: 'next_renewal_date',
    header: 'Next renewal date',
    aliases: ['renewal date', 'renewal', 'due date', 'expiry date'],
    required: true,
  },
  { field: 'renewal_frequency', header: 'Renewal frequency', aliases: ['frequency', 'renews'] },
  {
    field: 'sum_insured',
    header: 'Sum insured',
    aliases: ['sum assured', 'cover', 'cover amount'],
  },
  { field: 'premium_amount', header: 'Premium', aliases: ['premium amount', 'annual premium'] },
  {
    field: 'members',
    header: 'Members',
    aliases: ['covered members', 'insured members', 'insured', 'members covered'],
    cell: (p) => membersCell(p.members),
  },
  { field: 'nominee_name', header: 'Nominee', aliases: ['nominee name'] },
  {
    field: 'claim_helpline',
    header: 'Claim helpline',
    aliases: ['claims helpline', 'claim phone', 'helpline'],
  },
  { field: 'tpa_name', header: 'TPA', aliases: ['tpa name'] },
  { field: 'tpa_helpline', header: 'TPA helpline', aliases: ['tpa phone'] },
  { field: 'agent_name', header: 'Agent', aliases: ['agent name', 'advisor', 'agent or advisor'] },
  { field: 'agent_phone', header: 'Agent phone', aliases: ['advisor phone', 'agent mobile'] },
  {
    field: 'additional_details',
    header: 'Notes',
    aliases: ['additional details', 'details', 'remarks'],
  },
];

/**
 * Columns the CSV export adds after the policy's fields, for a spreadsheet to sort and sum.
 * A policy has any number of payments and the CSV keeps one row per policy, so it gives
 * their total, the latest date and the list in one cell. The import does not read them back
 * (no field is mapped to them): the JSON export carries payments whole and re-imports them.
 */
export const paymentColumns: readonly {
  header: string;
  cell: (policy: TransferPolicy) => string;
}[] = [
  {
    header: 'Total paid',
    cell: (p) => (p.payments.length === 0 ? '' : String(totalPaid(p.payments))),
  },
  { header: 'Last paid on', cell: (p) => p.payments.at(-1)?.paid_on ?? '' },
  { header: 'Payments', cell: (p) => paymentsCell(p.payments) },
];

const columnByField = new Map(transferColumns.map((c) => [c.field, c] as const));

export function columnHeader(field: TransferField): string {
  return columnByField.get(field)?.header ?? field;
}

/** "Asha (Self); Ravi (Spouse)" */
export function membersCell(members: readonly TransferMember[]): string {
  return members.map((m) => `${m.name} (${m.relationship})`).join('; ');
}

/**
 * Reads a Members cell: "Asha (Self); Ravi (Spouse)". A name without a relationship in
 * brackets keeps an empty relationship (the import then uses the saved person's, or says so).
 */
export function parseMembersCell(cell: string): TransferMember[] {
  return cell
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      // The last bracket pair is the relationship, so "Ravi (Jr) (Spouse)" is Ravi (Jr).
      const match = /^(.+?)\s*\(([^()]*)\)$/.exec(part);
      return match
        ? { name: (match[1] ?? '').trim(), relationship: (match[2] ?? '').trim() }
        : { name: part, relationship: '' };
    });
}

/** The CSV as rows of cells, header first; empty values are empty cells. */
export function csvTable(policies: readonly TransferPolicy[]): string[][] {
  const header = [...transferColumns, ...paymentColumns].map((c) => c.header);
  const rows = policies.map((policy) => [
    ...transferColumns.map((column) => {
      if (column.cell) return column.cell(policy);
      const value = policy[column.field];
      return value === null ? '' : String(value);
    }),
    ...paymentColumns.map((column) => column.cell(policy)),
  ]);
  return [header, ...rows];
}

/** Which file column (index) each field is read from; a field without one is not in the file. */
export type ColumnMapping = Partial<Record<TransferField, number>>;

const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]+/g, '');

/** Matches the file's headers by name (BimaGuide's own, the field names and common synonyms). */
export function autoMapping(headers: readonly string[]): ColumnMapping {
  const keys = headers.map(headerKey);
  const used = new Set<number>();
  const mapping: ColumnMapping = {};
  for (const column of transferColumns) {
    const names = new Set([column.header, column.field, ...(column.aliases ?? [])].map(headerKey));
    const index = keys.findIndex((key, i) => !used.has(i) && key !== '' && names.has(key));
    if (index === -1) continue;
    mapping[column.field] = index;
    used.add(index);
  }
  return mapping;
}

/** The required fields the mapping has no column for. */
export function unmappedRequired(mapping: ColumnMapping): TransferColumn[] {
  return transferColumns.filter((c) => c.required && mapping[c.field] === undefined);
}

/**
 * The export escapes cells a spreadsheet would run as a formula (=, +, -, @ first) with a
 * leading apostrophe (Papa Parse's escapeFormulae); reading takes it off again.
 */
const ESCAPED_FORMULA = /^'[=+\-@\t\r]/;
export const unescapeCell = (cell: string) => (ESCAPED_FORMULA.test(cell) ? cell.slice(1) : cell);

/** One policy as read from a file, before any checking. */
export interface ImportRow {
  /** "Line 4" (a CSV's record, the header being line 1) or "Policy 3" (a JSON entry). */
  label: string;
  /** Only the fields the file has: a CSV's mapped columns, a JSON entry's keys. */
  values: ImportValues;
  /** The icon of a type the import creates (JSON only). */
  typeIcon?: string | null;
  /** The policy's payments as the file lists them, to be checked (JSON only). */
  payments?: readonly unknown[];
  /** What made the entry unreadable before any checking (JSON of the wrong shape). */
  problems?: string[];
}

export type ImportValues = Partial<{
  [F in TransferField]: F extends 'members'
    ? string | readonly TransferMember[]
    : F extends 'sum_insured' | 'premium_amount'
      ? string | number | null
      : string | null;
}>;

/** The CSV's data rows through the mapping; wholly blank rows are left out. */
export function rowsFromTable(
  table: readonly (readonly string[])[],
  mapping: ColumnMapping,
): ImportRow[] {
  const rows: ImportRow[] = [];
  table.forEach((cells, index) => {
    if (index === 0 || cells.every((cell) => cell.trim() === '')) return;
    const values: Record<string, string> = {};
    for (const column of transferColumns) {
      const at = mapping[column.field];
      if (at !== undefined) values[column.field] = unescapeCell(cells[at] ?? '');
    }
    // A spreadsheet shows a record as one row even when a cell holds line breaks.
    rows.push({ label: `Line ${index + 1}`, values });
  });
  return rows;
}

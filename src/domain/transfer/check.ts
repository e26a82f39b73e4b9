import type { z } from 'zod';
import {
  paymentDetailsSchema,
  policyContactFields,
  policyInputSchema,
  policyTypeInputSchema,
  renewalFrequencies,
  type PaymentDetails,
  type PersonValues,
  type RenewalFrequencyValue,
} from '../schemas';
import { parseUserDate } from '../tracker/dates';
import {
  findSavedPerson,
  policyFormSchema,
  relationshipClashes,
  withSavedPeople,
  type MemberRow,
  type SavedPerson,
} from '../tracker/policy-form';
import {
  columnHeader,
  parseMembersCell,
  type ImportRow,
  type ImportValues,
  type TransferField,
} from './columns';

/**
 * Checks imported rows with the rules the policy form uses (policyFormSchema, built from the
 * policy and person schemas) and the contacts' entity rules (policyInputSchema): the same
 * limits and messages, one row at a time, each error labelled with its line.
 */

export interface ImportContext {
  /** The types the user can pick now (global and their own, live). */
  types: readonly { id: string; name: string }[];
  /** The people saved for the user. */
  people: readonly SavedPerson[];
}

/** A row's type: one that exists, or one the import creates (the user's own, by that name). */
export type TypeChoice = { existing: string } | { create: string };

export interface NewType {
  name: string;
  icon: string | null;
}

/** The contacts a row sets; one the file does not have is left out (kept as saved on update). */
export type ContactValues = Partial<Record<(typeof policyContactFields)[number], string | null>>;

/** What a save writes for a row (the repo's SavePolicyInput without the type's id). */
export interface ImportPolicy extends ContactValues {
  insurer_name: string;
  policy_number: string;
  product_name: string | null;
  start_date: string;
  next_renewal_date: string;
  renewal_frequency: RenewalFrequencyValue;
  sum_insured: number | null;
  premium_amount: number | null;
  additional_details: string | null;
  members: PersonValues[];
  /** The file's payments for it, oldest first as exported; none from a CSV. */
  payments: PaymentDetails[];
}

export interface ValidRow {
  ok: true;
  label: string;
  /** Same insurer and policy number, whatever the case and spaces: the same policy. */
  key: string;
  type: TypeChoice;
  policy: ImportPolicy;
  /** The fields the file had for this row; an update keeps the others as saved. */
  given: ReadonlySet<TransferField>;
}

export interface InvalidRow {
  ok: false;
  label: string;
  errors: string[];
}

export type CheckedRow = ValidRow | InvalidRow;

/** Stands in for a type the import will create, so the form's schema can check the rest. */
const NEW_TYPE_ID = '00000000-0000-0000-0000-000000000000';

const nameKey = (name: string) => name.trim().toLocaleLowerCase('en-IN');
const squash = (text: string) =>
  text.normalize('NFKC').toLocaleLowerCase('en-IN').replace(/\s+/g, '');

export function duplicateKey(insurerName: string, policyNumber: string): string {
  return `${squash(insurerName)}\u0000${squash(policyNumber)}`;
}

/** "Start date: Use a valid date (YYYY-MM-DD)"; a message naming its field is left as it is. */
function labelled(field: TransferField, message: string): string {
  const header = columnHeader(field);
  return message.toLowerCase().includes(header.toLowerCase()) ? message : `${header}: ${message}`;
}

const FORM_FIELD: Partial<Record<string, TransferField>> = { policy_type_id: 'type' };

function issueMessages(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => {
    const key = String(issue.path[0] ?? '');
    return labelled(FORM_FIELD[key] ?? (key as TransferField), issue.message);
  });
}

function text(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

const frequencyKey = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '');
const frequencyNames = new Map<string, RenewalFrequencyValue>([
  ...renewalFrequencies.flatMap((f) => [
    [frequencyKey(f.value), f.value] as const,
    [frequencyKey(f.label), f.value] as const,
  ]),
  ['annual', 'yearly'],
  ['annually', 'yearly'],
  ['halfyearly', '6-monthly'],
  ['every3years', '3-yearly'],
]);

const FREQUENCY_MESSAGE = `${columnHeader('renewal_frequency')}: use ${renewalFrequencies.map((f) => f.value).join(', ')}`;

/** Dates as a spreadsheet may have rewritten them (24/11/2026) become ISO; others stay to be refused. */
function date(value: string | null | undefined): string | null {
  const typed = text(value).trim();
  if (typed === '') return null;
  return parseUserDate(typed) ?? typed;
}

function amount(value: string | number | null | undefined): string | number | null {
  if (typeof value === 'number' || value === null || value === undefined) return value ?? null;
  return value.replace(/[₹\s]/g, '');
}

const PAYMENT_FIELD_LABELS: Partial<Record<string, string>> = { paid_on: 'Paid on' };

/**
 * A JSON entry's payments by the payment schema (the payment form's limits and messages);
 * each problem names the payment: "Payment 2: Amount must be more than zero".
 */
function checkPayments(raw: readonly unknown[], errors: string[]): PaymentDetails[] {
  const payments: PaymentDetails[] = [];
  raw.forEach((entry, index) => {
    const parsed = paymentDetailsSchema.safeParse(entry);
    if (parsed.success) {
      payments.push(parsed.data);
      return;
    }
    for (const issue of parsed.error.issues) {
      const field = PAYMENT_FIELD_LABELS[String(issue.path[0] ?? '')];
      const message =
        field && !issue.message.toLowerCase().includes(field.toLowerCase())
          ? `${field}: ${issue.message}`
          : issue.message;
      errors.push(`Payment ${index + 1}: ${message}`);
    }
  });
  return payments;
}

function memberRows(value: ImportValues['members']): MemberRow[] {
  if (value === undefined) return [];
  const members = typeof value === 'string' ? parseMembersCell(value) : value;
  return members.map((m) => ({ name: m.name, relationship: m.relationship }));
}

/**
 * Checks rows in file order. It remembers what earlier rows brought (people, new types), so
 * a name given a relationship on one line means the same person on the next.
 */
export function createRowChecker(context: ImportContext) {
  const typeByName = new Map<string, string>();
  for (const type of context.types) {
    if (!typeByName.has(nameKey(type.name))) typeByName.set(nameKey(type.name), type.id);
  }
  const newTypes = new Map<string, NewType>();
  const known: SavedPerson[] = [...context.people];
  /** Where a person first came from the file ("Line 3"); saved people are not in here. */
  const fromLine = new Map<string, string>();

  function chooseType(row: ImportRow, errors: string[]): TypeChoice | null | undefined {
    const name = text(row.values.type).trim();
    if (name === '') return null;
    const id = typeByName.get(nameKey(name));
    if (id) return { existing: id };
    const parsed = policyTypeInputSchema.safeParse({ name, icon: row.typeIcon ?? null });
    if (!parsed.success) {
      errors.push(...parsed.error.issues.map((i) => labelled('type', i.message)));
      return undefined;
    }
    return { create: parsed.data.name };
  }

  function check(row: ImportRow): CheckedRow {
    const { label, values } = row;
    if (row.problems && row.problems.length > 0) return { ok: false, label, errors: row.problems };
    const errors: string[] = [];
    const type = chooseType(row, errors);

    const frequencyText = text(values.renewal_frequency).trim();
    const frequency =
      frequencyText === '' ? undefined : frequencyNames.get(frequencyKey(frequencyText));
    if (frequencyText !== '' && !frequency) errors.push(FREQUENCY_MESSAGE);

    // A name alone is a saved person (or one an earlier line gave a relationship), as in the form.
    const rows = memberRows(values.members).map((member) => {
      const person =
        member.relationship.trim() === '' ? findSavedPerson(known, member.name) : undefined;
      return person ? { name: member.name, relationship: person.relationship } : member;
    });
    for (const member of rows) {
      if (member.name.trim() !== '' && member.relationship.trim() === '') {
        errors.push(
          `Members: give ${member.name.trim()}’s relationship, e.g. ${member.name.trim()} (Self)`,
        );
      }
    }
    for (const clash of relationshipClashes(known, rows)) {
      const where = fromLine.get(clash.person.id);
      errors.push(
        where
          ? `Members: ${clash.person.name} is ${clash.person.relationship} on ${where}, not ${clash.wanted} (one relationship on every policy)`
          : `Members: ${clash.person.name} is saved as ${clash.person.relationship}, not ${clash.wanted} (one relationship on every policy)`,
      );
    }

    const form = policyFormSchema.safeParse({
      policy_type_id:
        type === null ? null : type && 'existing' in type ? type.existing : NEW_TYPE_ID,
      insurer_name: text(values.insurer_name),
      policy_number: text(values.policy_number),
      product_name: text(values.product_name),
      start_date: date(values.start_date),
      next_renewal_date: date(values.next_renewal_date),
      renewal_frequency: frequency,
      sum_insured: amount(values.sum_insured),
      premium_amount: amount(values.premium_amount),
      members: rows,
      additional_details: text(values.additional_details),
    });
    if (!form.success) errors.push(...issueMessages(form.error.issues));
    const payments = checkPayments(row.payments ?? [], errors);

    const given = new Set(Object.keys(values) as TransferField[]);
    const contacts: Record<string, string> = {};
    for (const field of policyContactFields) {
      if (given.has(field)) contacts[field] = text(values[field]);
    }
    if (!form.success || errors.length > 0 || !type) return { ok: false, label, errors };

    const { members: _members, ...fields } = form.data;
    // The contacts by the entity's own rules (the form's schema may not know them all).
    const full = policyInputSchema.safeParse({ ...fields, ...contacts });
    if (!full.success) return { ok: false, label, errors: issueMessages(full.error.issues) };
    const contactValues: ContactValues = {};
    for (const field of policyContactFields) {
      if (given.has(field)) contactValues[field] = full.data[field] ?? null;
    }

    const members = withSavedPeople(known, rows);
    for (const member of members) {
      if (findSavedPerson(known, member.name)) continue;
      const id = `file:${known.length}`;
      known.push({ id, name: member.name, relationship: member.relationship });
      fromLine.set(id, label);
    }
    if ('create' in type && !newTypes.has(nameKey(type.create))) {
      newTypes.set(nameKey(type.create), { name: type.create, icon: row.typeIcon ?? null });
    }
    return {
      ok: true,
      label,
      key: duplicateKey(fields.insurer_name, fields.policy_number),
      type,
      given,
      policy: {
        insurer_name: fields.insurer_name,
        policy_number: fields.policy_number,
        product_name: fields.product_name,
        start_date: fields.start_date,
        next_renewal_date: fields.next_renewal_date,
        renewal_frequency: fields.renewal_frequency,
        sum_insured: fields.sum_insured,
        premium_amount: fields.premium_amount,
        additional_details: fields.additional_details,
        ...contactValues,
        members,
        payments,
      },
    };
  }

  return {
    check,
    /** The types the valid rows need that do not exist yet, one per name. */
    newTypes: (): NewType[] => [...newTypes.values()],
  };
}

export type RowChecker = ReturnType<typeof createRowChecker>;

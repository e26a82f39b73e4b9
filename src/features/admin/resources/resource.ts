import type { ComponentType, ReactNode } from 'react';
import type { Icon } from '@tabler/icons-react';
import type { Control, DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import type { ToastInput } from '@/lib/toast';
import type { ContentApi } from '../api/content-api';
import type { DashboardCounts } from '../api/schemas';
import type { Column } from '../components/admin-table';

/** One input of an editor form. */
export interface FieldDescription<Input extends FieldValues> {
  name: Path<Input>;
  label: string;
  /** A one-line text box, or a text area that grows with its text. */
  kind: 'text' | 'textarea';
  required?: boolean;
  /** A hint under the label; a pair when creating and editing need different words. */
  description?: string | { create: string; edit: string };
  placeholder?: string;
  /** Text areas: the height before anything is typed. */
  minRows?: number;
  /** For names that are not words (icon names): no autofill, no spell check. */
  plain?: boolean;
}

/**
 * Everything that differs between two admin content resources (news, glossary, FAQs, policy
 * types): the list, the delete dialog and the editor are the same screens filled from this.
 * The texts are the spec's (§4, §5, §7) and must stay word for word.
 */
export interface ResourceDescription<
  Row extends { id: string },
  Input extends FieldValues,
  Values,
> {
  /** The URL segment: /admin/<path>, /admin/<path>/new, /admin/<path>/edit/<id>. */
  path: string;
  /** Its table's calls, with the list's sort: contentApi({ table, columns, row, sort }). */
  api: ContentApi<Row, Values>;
  /** The sidebar's and the dashboard's name for it. */
  label: string;
  icon: Icon;
  /** The dashboard tile: what the section is for and its live count. */
  tile: {
    description: string;
    count: { key: keyof DashboardCounts; one: string; many: string };
  };
  list: {
    title: string;
    subtitle?: string;
    /** The create button's text (and the editor's heading when creating). */
    createLabel: string;
    fetchError: string;
    loadError: string;
    empty: string;
    minWidth: number;
    columns: readonly Column<Row>[];
    /** Names a row for screen readers: "Edit <name>", "Delete <name>". */
    rowName: (row: Row) => string;
  };
  remove: {
    title: string;
    question: string;
    details?: (id: string) => ReactNode;
    success: ToastInput;
    errorTitle: string;
  };
  editor: {
    editTitle: string;
    submitLabel: string;
    schema: z.ZodType<Values, Input>;
    empty: DefaultValues<Input>;
    /** A loaded record as the form's values. */
    toInput: (row: Row) => Input;
    fields: readonly FieldDescription<Input>[];
    fetchError: string;
    saveError: string;
    saved: { created: ToastInput; updated: ToastInput };
    /** A duplicate (23505) is told on this field with this sentence. */
    unique?: { field: Path<Input>; message: string };
    /** The slug rule, for a resource with its own public address (see slugTexts). */
    slug?: SlugRule<Input>;
    /** Shown under the fields, e.g. the policy type's icon preview. */
    After?: ComponentType<{ control: Control<Input, unknown, Values> }>;
  };
}

/** A resource shown at `<address>/<slug>` on the public site (news, glossary). */
export interface SlugRule<Input extends FieldValues> {
  /** The field the slug is made from while creating, e.g. the title. */
  from: Path<Input>;
  /** The slug field itself. */
  into: Path<Input>;
  /** How the texts name one record: 'article', 'term'. */
  noun: string;
  address: string;
}

/**
 * Spec §4's slug rule in words: while creating, the slug follows `from` (lower case, spaces
 * become hyphens); an edit keeps its address, since changing it breaks links; a slug taken by
 * another record is told on the slug field.
 */
export function slugTexts<Input extends FieldValues>(rule: SlugRule<Input>, fromLabel: string) {
  return {
    create: `Filled in from the ${fromLabel.toLowerCase()}: lower case, spaces become hyphens.`,
    edit: `The address of the ${rule.noun}: ${rule.address}/<slug>. Changing it breaks existing links.`,
    taken: `Another ${rule.noun} already uses this slug. Choose a different slug.`,
  };
}

/**
 * The spec's words for one record of news, glossary or FAQs, which follow one pattern
 * ("Delete term", "Term created.", "Error saving term"): named once, as `noun` inside a
 * sentence and `Noun` at its start or in a title.
 */
export function recordTexts(noun: string, Noun: string) {
  return {
    remove: {
      title: `Delete ${noun}`,
      question: `Are you sure you want to delete this ${noun}?`,
      success: { title: 'Success', description: `${Noun} deleted.` },
      errorTitle: `Error deleting ${noun}`,
    },
    editor: {
      editTitle: `Edit ${Noun}`,
      submitLabel: `Save ${Noun}`,
      fetchError: `Error fetching ${noun}`,
      saveError: `Error saving ${noun}`,
      saved: {
        created: { title: 'Success', description: `${Noun} created.` },
        updated: { title: 'Success', description: `${Noun} updated.` },
      },
    },
  };
}

/** The slug input of a resource with its own public address (its hints come from slugTexts). */
export const slugField = { name: 'slug', label: 'Slug', kind: 'text', required: true } as const;

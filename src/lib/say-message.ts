import type { MessageRef, MessageValue } from '@/domain/message';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/** What the parts of a message's list value are joined with, in both languages. */
const LIST_SEPARATOR = '; ';

/**
 * A message from src/domain or src/sync (a catalog id with values) in the active language:
 * `sayMessage(t, ref)` with a component's `t`, or `i18n._` outside React.
 */
export function sayMessage(t: Translate, message: MessageRef): string {
  if (message.values === undefined) return t(message.id);
  const values = Object.fromEntries(
    Object.entries(message.values).map(([name, value]) => [name, sayValue(t, value)]),
  );
  return t(message.id, values);
}

/** A message's value on its own: a policy's label, which may be a catalog's "A policy". */
export function sayValue(t: Translate, value: MessageValue): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (isList(value)) return value.map((part) => sayMessage(t, part)).join(LIST_SEPARATOR);
  return sayMessage(t, value);
}

function isList(value: MessageRef | readonly MessageRef[]): value is readonly MessageRef[] {
  return Array.isArray(value);
}

import {
  MessageError,
  type MessageRef,
  type MessageValue,
  type StoredMessage,
} from '@/domain/message';
import { formatIndianNumber } from './format';
import { activeLocale, type Locale } from './i18n';

type Translate = (id: string, values?: Record<string, unknown>) => string;

/** What the parts of a message's list value are joined with, in both languages. */
const LIST_SEPARATOR = '; ';

/**
 * A message from src/domain or src/sync (a catalog id with values) in the active language:
 * `sayMessage(t, ref)` with a component's `t`, or `i18n._` outside React. A number value is
 * written with Indian grouping ("1,280 KB", "12,34,567") in `locale`, the language `t` says.
 */
export function sayMessage(
  t: Translate,
  message: MessageRef,
  locale: Locale = activeLocale(),
): string {
  if (message.values === undefined) return t(message.id);
  const values = Object.fromEntries(
    Object.entries(message.values).map(([name, value]) => [name, sayValue(t, value, locale)]),
  );
  return t(message.id, values);
}

/** A message's value on its own: a policy's label, which may be a catalog's "A policy". */
export function sayValue(
  t: Translate,
  value: MessageValue,
  locale: Locale = activeLocale(),
): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return formatIndianNumber(value, locale);
  if (isList(value)) return value.map((part) => sayMessage(t, part, locale)).join(LIST_SEPARATOR);
  return sayMessage(t, value, locale);
}

/**
 * A sentence stored on the device: a device sentence in the active language, words that came
 * from elsewhere (a server, an older version) as they came.
 */
export function sayStored(t: Translate, message: StoredMessage): string {
  return typeof message === 'string' ? message : sayMessage(t, message);
}

/**
 * What went wrong, for a toast's or an alert's text: the app's own reason (a MessageError) in
 * the active language, anything else (the browser's, the server's) in its own words.
 */
export function sayError(t: Translate, error: unknown): string {
  if (error instanceof MessageError) return sayMessage(t, error.reason);
  return error instanceof Error ? error.message : String(error);
}

function isList(value: MessageRef | readonly MessageRef[]): value is readonly MessageRef[] {
  return Array.isArray(value);
}

import { z } from 'zod';

/**
 * A sentence for the user named by its catalog id, with its values, for code that must not
 * import the i18n runtime (src/domain and src/sync stay framework-free): the screen that
 * shows it says it in the active language with `sayMessage` (src/lib/say-message.ts). A
 * value may itself be a message (a field's name, "this file"), or a list of them, which the
 * screen joins; a number is written with Indian grouping in the screen's language.
 */
export interface MessageRef {
  readonly id: string;
  readonly values?: Readonly<Record<string, MessageValue>>;
}

export type MessageValue = string | number | MessageRef | readonly MessageRef[];

export function messageRef(id: string, values?: Record<string, MessageValue>): MessageRef {
  return values === undefined ? { id } : { id, values };
}

/**
 * An error whose `reason` is for the user, said in their language (`sayError`,
 * src/lib/say-message.ts); its `message` is the id, for logs.
 */
export class MessageError extends Error {
  constructor(readonly reason: MessageRef) {
    super(reason.id);
    this.name = 'MessageError';
  }
}

export const messageRefSchema: z.ZodType<MessageRef> = z.object({
  id: z.string(),
  get values() {
    return z.record(z.string(), messageValueSchema).optional();
  },
});

const messageValueSchema: z.ZodType<MessageValue> = z.union([
  z.string(),
  z.number(),
  messageRefSchema,
  z.array(messageRefSchema).readonly(),
]);

/**
 * A sentence kept on the device (IndexedDB) to show later: a device sentence by catalog id,
 * so it is said in the language of the screen showing it, or words as they came (a server's,
 * or an older version's English, which stored sentences as text).
 */
export type StoredMessage = string | MessageRef;

const storedMessageSchema = z.union([z.string(), messageRefSchema]);

/**
 * A stored sentence read back, parsed (IndexedDB holds whatever an older version wrote):
 * `legacy` turns the English an older version stored for one of the device's own sentences
 * into its message, so it too is said in the user's language. Undefined when nothing (or
 * nothing readable) is stored.
 */
export function readStoredMessage(
  stored: unknown,
  legacy: (text: string) => MessageRef | undefined = () => undefined,
): StoredMessage | undefined {
  const parsed = storedMessageSchema.safeParse(stored);
  if (!parsed.success) return undefined;
  return typeof parsed.data === 'string' ? (legacy(parsed.data) ?? parsed.data) : parsed.data;
}

/** Whether two stored sentences are the same (a message is compared by its content). */
export function sameStoredMessage(
  a: StoredMessage | undefined,
  b: StoredMessage | undefined,
): boolean {
  return typeof a === 'object' && typeof b === 'object'
    ? JSON.stringify(a) === JSON.stringify(b)
    : a === b;
}

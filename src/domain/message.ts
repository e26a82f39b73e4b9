/**
 * A sentence for the user named by its catalog id, with its values, for code that must not
 * import the i18n runtime (src/domain and src/sync stay framework-free): the screen that
 * shows it says it in the active language with `sayMessage` (src/lib/say-message.ts). A
 * value may itself be a message (a field's name, "this file"), or a list of them, which the
 * screen joins.
 */
export interface MessageRef {
  readonly id: string;
  readonly values?: Readonly<Record<string, MessageValue>>;
}

export type MessageValue = string | number | MessageRef | readonly MessageRef[];

export function messageRef(id: string, values?: Record<string, MessageValue>): MessageRef {
  return values === undefined ? { id } : { id, values };
}

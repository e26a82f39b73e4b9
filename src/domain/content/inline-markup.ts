/**
 * The guides' text is data (one file per language), so its links and bold words are written
 * inline in a small markup rather than as JSX: `[link text](/path)` and `**bold**`. Text
 * outside them is taken as it is; a bracket that does not close a link stays plain text.
 */
export type InlinePart =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; text: string }
  | { kind: 'link'; text: string; to: string };

const token = /\[([^\]]+)\]\((\/[^)\s]*)\)|\*\*([^*]+)\*\*/g;

export function parseInline(source: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let last = 0;
  for (const match of source.matchAll(token)) {
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: source.slice(last, start) });
    const [, linkText, to, strong] = match;
    if (linkText !== undefined && to !== undefined)
      parts.push({ kind: 'link', text: linkText, to });
    else parts.push({ kind: 'strong', text: strong ?? '' });
    last = start + match[0].length;
  }
  if (last < source.length) parts.push({ kind: 'text', text: source.slice(last) });
  return parts;
}

/** The words a reader sees, markup removed (for tests and plain-text uses such as titles). */
export function plainText(source: string): string {
  return parseInline(source)
    .map((part) => part.text)
    .join('');
}

import { describe, expect, it } from 'vitest';
import { PREVIEW_LENGTH, previewText } from './preview';

describe('previewText', () => {
  it('keeps short text as it is', () => {
    expect(previewText('A short answer.', 100)).toBe('A short answer.');
  });

  it('keeps text of exactly the limit without an ellipsis', () => {
    const text = 'x'.repeat(PREVIEW_LENGTH.glossaryDefinition);
    expect(previewText(text, PREVIEW_LENGTH.glossaryDefinition)).toBe(text);
  });

  it('cuts glossary definitions at 80 and FAQ answers at 100 characters', () => {
    const long = 'a'.repeat(150);
    expect(previewText(long, PREVIEW_LENGTH.glossaryDefinition)).toBe(`${'a'.repeat(80)}…`);
    expect(previewText(long, PREVIEW_LENGTH.faqAnswer)).toBe(`${'a'.repeat(100)}…`);
  });

  it('flattens line breaks and drops a trailing space at the cut', () => {
    expect(previewText('Line one\n\nline two', 100)).toBe('Line one line two');
    expect(previewText('abcd efgh', 5)).toBe('abcd…');
  });

  it('never splits a character made of two UTF-16 units', () => {
    const text = `${'🙂'.repeat(5)}`;
    expect(previewText(text, 3)).toBe('🙂🙂🙂…');
  });
});

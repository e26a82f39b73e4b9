import { useLayoutEffect, useRef, type Ref } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import { formatIndianInputWithCaret } from '@/lib/format';

export interface RupeeInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string | number;
  onChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Text field for rupee amounts that groups digits the Indian way while typing
 * (1500000 → 15,00,000). It stays a text field on purpose: anything that is not a number is
 * kept as typed so the form can tell the user what is wrong rather than eating keystrokes.
 */
export function RupeeInput({ value, onChange, ref, ...props }: RupeeInputProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const mergedRef = useMergedRef(inputRef, ref);
  const pendingCaret = useRef<number | null>(null);

  // Re-grouping replaces the value, which would otherwise throw the caret to the end.
  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (input && caret !== null && input.ownerDocument.activeElement === input) {
      input.setSelectionRange(caret, caret);
    }
  });

  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      leftSection={<span aria-hidden="true">₹</span>}
      {...props}
      ref={mergedRef}
      value={String(value)}
      onChange={(event) => {
        const input = event.currentTarget;
        const { text, caret } = formatIndianInputWithCaret(
          input.value,
          input.selectionStart ?? input.value.length,
        );
        pendingCaret.current = caret;
        onChange(text);
      }}
    />
  );
}

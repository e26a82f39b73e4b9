import { Stack, Text } from '@mantine/core';

/**
 * Admin-written plain text: blank lines start a new paragraph and single line breaks are kept
 * (spec §2), without ever interpreting the text as HTML.
 */
export function PlainTextBody({ text }: { text: string }) {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return (
    <Stack gap="md">
      {paragraphs.map((paragraph, index) => (
        <Text key={index} style={{ whiteSpace: 'pre-line' }} lh={1.7}>
          {paragraph}
        </Text>
      ))}
    </Stack>
  );
}

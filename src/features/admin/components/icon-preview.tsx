import { Group, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { DefaultPolicyTypeIcon, useLucideIcon } from './policy-type-icon';

/** The policy type editor's live preview of the icon name being typed. */
export function IconPreview({ name }: { name: string }) {
  // Waits for a pause in typing so every keystroke does not fetch an icon chunk.
  const [settled] = useDebouncedValue(name, 250);
  const lookup = useLucideIcon(settled);
  const Icon = lookup.status === 'found' ? lookup.Icon : DefaultPolicyTypeIcon;
  let note: string;
  switch (lookup.status) {
    case 'none':
      note = 'No icon name: the default icon is used.';
      break;
    case 'loading':
      note = 'Looking up the icon...';
      break;
    case 'unknown':
      note = `Lucide has no icon called “${settled.trim()}”: the default icon will be shown.`;
      break;
    case 'found':
      note = `Preview of “${settled.trim()}”.`;
      break;
  }
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      <Group gap="md" wrap="nowrap">
        <Icon size={36} aria-hidden focusable="false" />
        <Text fz="sm" role="status" aria-live="polite" data-testid="icon-preview-note">
          {note}
        </Text>
      </Group>
    </Paper>
  );
}

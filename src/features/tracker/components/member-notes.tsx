import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { describeMemberNote, type MemberNote } from '@/sync';

interface MemberNotesProps {
  notes: readonly MemberNote[];
  onDismiss: (personId: string) => void;
}

/**
 * Covered members two devices added with different relationships: sync kept one person and
 * one relationship, and says which, so the other device's choice is not lost without a word.
 */
export function MemberNotes({ notes, onDismiss }: MemberNotesProps) {
  if (notes.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="member-notes">
      {notes.map((note) => (
        <Alert
          key={note.person_id}
          color="blue"
          variant="light"
          p="xs"
          icon={<IconUsers size={16} aria-hidden />}
        >
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm">{describeMemberNote(note)}</Text>
            <Button
              size="compact-sm"
              variant="subtle"
              onClick={() => onDismiss(note.person_id)}
              aria-label={`Dismiss the note about ${note.name}`}
            >
              Got it
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}

import { Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ButtonLink } from './links';

interface RowActionsProps {
  /** The resource's URL segment: Edit opens /admin/<resource>/edit/<id>. */
  resource: string;
  id: string;
  /** Names the row for screen readers: "Edit <label>", "Delete <label>". */
  label: string;
  onDelete: () => void;
}

export function RowActions({ resource, id, label, onDelete }: RowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <ButtonLink
        to="/admin/$resource/edit/$id"
        params={{ resource, id }}
        size="xs"
        variant="light"
        leftSection={<IconPencil size={14} aria-hidden />}
        aria-label={`Edit ${label}`}
      >
        Edit
      </ButtonLink>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        aria-label={`Delete ${label}`}
        onClick={onDelete}
      >
        Delete
      </Button>
    </Group>
  );
}

import { Button, Group, type MantineSpacing } from '@mantine/core';

/**
 * A form's Cancel and submit buttons, right-aligned: Cancel is disabled and submit shows its
 * loader while the form is busy, so a save cannot be abandoned or sent twice half-way.
 */
export function FormActions({
  cancelLabel,
  submitLabel,
  onCancel,
  busy,
  focusCancel = false,
  mt,
}: {
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  busy: boolean;
  /** The dialog's first focus, where the fields above are optional. */
  focusCancel?: boolean;
  mt?: MantineSpacing;
}) {
  return (
    <Group justify="flex-end" {...(mt === undefined ? {} : { mt })}>
      <Button
        variant="default"
        onClick={onCancel}
        disabled={busy}
        {...(focusCancel ? { 'data-autofocus': true } : {})}
      >
        {cancelLabel}
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}

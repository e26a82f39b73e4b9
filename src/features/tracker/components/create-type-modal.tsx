import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { policyTypeInputSchema, type PolicyTypeValues } from '@/domain/schemas';
import { IconPicker } from './icon-picker';

interface TypeFormProps {
  onClose: () => void;
  /** Saves the type; the form closes once it resolves. */
  onCreate: (input: PolicyTypeValues) => Promise<void>;
  /** Present: renames that type (its current values fill the form). */
  editing?: { name: string; icon: string | null };
}

/**
 * The user's own policy type, made or renamed from inside the policy form (name required,
 * icon optional). Mounted only while shown, so each opening starts from the type's values.
 */
export function TypeForm({ onClose, onCreate, editing }: TypeFormProps) {
  const [name, setName] = useState(editing?.name ?? '');
  const [icon, setIcon] = useState(editing?.icon ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The modal is portalled, but React still bubbles its submit to the policy form.
    event.stopPropagation();
    const parsed = policyTypeInputSchema.safeParse({ name, icon });
    if (!parsed.success) {
      setError(parsed.error.issues.find((i) => i.path[0] === 'name')?.message ?? 'Check the name');
      return;
    }
    setSaving(true);
    try {
      await onCreate(parsed.data);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack>
        <TextInput
          label="Type Name"
          withAsterisk
          aria-required
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <IconPicker value={icon} onChange={setIcon} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save Type
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface CreateTypeModalProps extends Omit<TypeFormProps, 'editing'> {
  opened: boolean;
}

export function CreateTypeModal({ opened, onClose, onCreate }: CreateTypeModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create a custom type" centered>
      {opened ? <TypeForm onClose={onClose} onCreate={onCreate} /> : null}
    </Modal>
  );
}

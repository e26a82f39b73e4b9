import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { policyTypeInputSchema, type PolicyTypeValues } from '@/domain/schemas';
import { PolicyTypeIcon } from './policy-type-icon';

interface CreateTypeModalProps {
  opened: boolean;
  onClose: () => void;
  /** Saves the type; the modal closes once it resolves. */
  onCreate: (input: PolicyTypeValues) => Promise<void>;
}

/** The user's own policy type, made from inside the policy form (name required, icon optional). */
export function CreateTypeModal({ opened, onClose, onCreate }: CreateTypeModalProps) {
  const [name, setName] = useState('');
  const [icon, setIcon] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setName('');
    setIcon('');
    setError(null);
    onClose();
  };

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
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Create a custom type" centered>
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
          <TextInput
            label="Icon Name (from Lucide-React)"
            placeholder="e.g., Car, HeartPulse"
            value={icon}
            onChange={(e) => setIcon(e.currentTarget.value)}
            rightSection={<PolicyTypeIcon name={icon} size={18} />}
          />
          <Text size="xs" c="dimmed">
            Names Lucide does not have show a shield.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save Type
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { useState, type FormEvent } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { policyTypeInputSchema, type PolicyTypeValues } from '@/domain/schemas';
import { useT } from '@/lib/use-i18n';
import { IconPicker } from './icon-picker';
import { FormActions } from '@/components/ui/form-actions';

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
  const t = useT();
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
      const message = parsed.error.issues.find((i) => i.path[0] === 'name')?.message;
      setError(t(message ?? 'tracker.types.checkName'));
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
          label={t('tracker.types.name')}
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
        <FormActions
          cancelLabel={t('tracker.cancel')}
          submitLabel={t('tracker.types.save')}
          onCancel={onClose}
          busy={saving}
        />
      </Stack>
    </form>
  );
}

interface CreateTypeModalProps extends Omit<TypeFormProps, 'editing'> {
  opened: boolean;
}

export function CreateTypeModal({ opened, onClose, onCreate }: CreateTypeModalProps) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('tracker.types.createTitle')} centered>
      {opened ? <TypeForm onClose={onClose} onCreate={onCreate} /> : null}
    </Modal>
  );
}

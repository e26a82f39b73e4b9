import { useState } from 'react';
import { Group, Paper, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useForm, useWatch } from 'react-hook-form';
import { isUniqueViolation } from '@/domain/admin';
import {
  policyTypeInputSchema,
  type PolicyTypeInput,
  type PolicyTypeValues,
} from '@/domain/schemas';
import { toast } from '@/lib/toast';
import { createPolicyType } from '../api/create-policy-type';
import { fetchPolicyType } from '../api/fetch-policy-type';
import { updatePolicyType } from '../api/update-policy-type';
import { EditorShell } from '../components/editor-shell';
import { DefaultPolicyTypeIcon, useLucideIcon } from '../components/policy-type-icon';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { useRecordLoader } from '../hooks/use-record-loader';

const empty: PolicyTypeInput = { name: '', icon: '' };

function IconPreview({ name }: { name: string }) {
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

/** /admin/policy-types/new (no id) and /admin/policy-types/edit/{id}. */
export function PolicyTypeEditorPage({ id }: { id?: string }) {
  const editing = id !== undefined;
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const form = useForm<PolicyTypeInput, unknown, PolicyTypeValues>({
    resolver: zodResolver(policyTypeInputSchema),
    defaultValues: empty,
  });
  const { errors, isDirty } = form.formState;
  const icon = useWatch({ control: form.control, name: 'icon' }) ?? '';
  const { allowLeave, modal } = useLeaveGuard(isDirty);
  const backToList = () => navigate({ to: '/admin/policy-types' });

  const { loading } = useRecordLoader({
    id,
    load: fetchPolicyType,
    errorTitle: 'Error fetching policy type',
    onLoaded: (t) => form.reset({ name: t.name, icon: t.icon ?? '' }),
    onFailed: () => {
      allowLeave();
      void backToList();
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setSaving(true);
    const result = editing ? await updatePolicyType(id, values) : await createPolicyType(values);
    setSaving(false);
    if (!result.ok) {
      if (isUniqueViolation(result.error)) {
        form.setError(
          'name',
          { message: 'A policy type with this name already exists.' },
          { shouldFocus: true },
        );
      }
      toast({
        title: 'Error saving policy type',
        description: result.error.message,
        variant: 'destructive',
      });
      return;
    }
    toast({ title: editing ? 'Policy type updated' : 'Policy type created' });
    allowLeave();
    void backToList();
  });

  return (
    <EditorShell
      title={editing ? 'Edit Policy Type' : 'Create Policy Type'}
      loading={loading}
      saving={saving}
      submitLabel="Save Type"
      onSubmit={(e) => void onSubmit(e)}
      onCancel={() => void backToList()}
      guard={modal}
    >
      <TextInput
        label="Type Name"
        required
        error={errors.name?.message}
        {...form.register('name')}
      />
      <TextInput
        label="Icon Name"
        description="Icon Name (from Lucide-React)"
        placeholder="e.g., Car, HeartPulse"
        error={errors.icon?.message}
        autoComplete="off"
        spellCheck={false}
        {...form.register('icon')}
      />
      <IconPreview name={icon} />
    </EditorShell>
  );
}

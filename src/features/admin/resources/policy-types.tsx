import { IconCategory } from '@tabler/icons-react';
import { Group, Text } from '@mantine/core';
import { useWatch, type Control } from 'react-hook-form';
import {
  policyTypeInputSchema,
  policyTypeSchema,
  type PolicyType,
  type PolicyTypeInput,
  type PolicyTypeValues,
} from '@/domain/schemas';
import { IconPreview } from '../components/icon-preview';
import { PolicyTypeIcon } from '../components/policy-type-icon';
import { PolicyTypeUsage } from '../components/policy-type-usage';
import { contentApi } from '../api/content-api';
import { POLICY_TYPE_COLUMNS } from '../api/schemas';
import type { ResourceDescription } from './resource';

function IconNamePreview({
  control,
}: {
  control: Control<PolicyTypeInput, unknown, PolicyTypeValues>;
}) {
  const icon = useWatch({ control, name: 'icon' }) ?? '';
  return <IconPreview name={icon} />;
}

/** The global types (user_id null) every user can choose for a policy (spec §7). */
export const policyTypesResource: ResourceDescription<
  PolicyType,
  PolicyTypeInput,
  PolicyTypeValues
> = {
  api: contentApi({
    table: 'policy_types',
    columns: POLICY_TYPE_COLUMNS,
    row: policyTypeSchema,
    sort: { column: 'name', ascending: true },
    globalOnly: true,
    // A global type: user_id null (spec §7).
    write: (values) => ({ name: values.name, icon: values.icon, user_id: null }),
  }),
  path: 'policy-types',
  label: 'Policy Types',
  icon: IconCategory,
  tile: {
    description: 'Types every user can pick for a policy.',
    count: { key: 'policy_types', one: 'type', many: 'types' },
  },
  list: {
    title: 'Policy Types',
    subtitle: 'Types every user can choose for a policy, by name.',
    createLabel: 'Create Policy Type',
    fetchError: 'Error fetching policy types',
    loadError: 'Could not load policy types.',
    empty: 'No policy types yet.',
    minWidth: 480,
    columns: [
      {
        header: 'Type',
        cell: (t) => (
          <Group gap="sm" wrap="nowrap">
            <PolicyTypeIcon name={t.icon} size={20} />
            <Text fw={500}>{t.name}</Text>
          </Group>
        ),
      },
      {
        header: 'Icon Name',
        cell: (t) => (t.icon ? <code>{t.icon}</code> : <Text c="dimmed">Default</Text>),
      },
    ],
    rowName: (t) => t.name,
  },
  remove: {
    title: 'Delete policy type',
    question: 'Are you sure? Deleting a type might affect existing policies.',
    details: (id) => <PolicyTypeUsage typeId={id} />,
    success: { title: 'Policy type deleted' },
    errorTitle: 'Error deleting type',
  },
  editor: {
    editTitle: 'Edit Policy Type',
    submitLabel: 'Save Type',
    schema: policyTypeInputSchema,
    empty: { name: '', icon: '' },
    toInput: (t) => ({ name: t.name, icon: t.icon ?? '' }),
    fields: [
      { name: 'name', label: 'Type Name', kind: 'text', required: true },
      {
        name: 'icon',
        label: 'Icon Name',
        kind: 'text',
        description: 'Icon Name (from Lucide-React)',
        placeholder: 'e.g., Car, HeartPulse',
        plain: true,
      },
    ],
    fetchError: 'Error fetching policy type',
    saveError: 'Error saving policy type',
    saved: {
      created: { title: 'Policy type created' },
      updated: { title: 'Policy type updated' },
    },
    unique: { field: 'name', message: 'A policy type with this name already exists.' },
    After: IconNamePreview,
  },
};

import { useMemo, useState } from 'react';
import { Alert, Button, Group, List, Radio, Stack, Text, Title } from '@mantine/core';
import {
  planImport,
  type CurrentPolicy,
  type DuplicateChoice,
  type ImportPlan,
  type InvalidRow,
  type ValidRow,
} from '@/domain/transfer';
import { formatIndianNumber } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import type { CheckedFile } from './run-import';

/** Long lists stop here, with how many more there are. */
const LIST_LIMIT = 50;

/** A count for a plural message: `count` picks the form, `n` is the number as written. */
function counted(count: number) {
  return { count, n: formatIndianNumber(count) };
}

function More({ total }: { total: number }) {
  const t = useT();
  if (total <= LIST_LIMIT) return null;
  return (
    <Text c="dimmed">
      {t('transfer.review.more', { n: formatIndianNumber(total - LIST_LIMIT) })}
    </Text>
  );
}

interface ReviewStepProps {
  checked: CheckedFile;
  /** The user's policies now, to find duplicates among. */
  saved: readonly CurrentPolicy[];
  onConfirm: (plan: ImportPlan) => void;
  onBack: () => void;
}

/** What the import would do, line by line problems included; it saves only on confirmation. */
export function ReviewStep({ checked, saved, onConfirm, onBack }: ReviewStepProps) {
  const t = useT();
  const [choice, setChoice] = useState<DuplicateChoice>('skip');
  const valid = useMemo(() => checked.rows.filter((r): r is ValidRow => r.ok), [checked]);
  const invalid = useMemo(() => checked.rows.filter((r): r is InvalidRow => !r.ok), [checked]);
  const plan = useMemo(() => planImport(valid, saved, choice), [valid, saved, choice]);
  const updates = plan.saves.filter((s) => s.update).length;
  const creates = plan.saves.length - updates;
  const typesUsed = new Set(
    plan.saves.flatMap(({ row }) => ('create' in row.type ? [row.type.create.toLowerCase()] : [])),
  );
  const newTypes = checked.newTypes.filter((t) => typesUsed.has(t.name.trim().toLowerCase()));

  return (
    <Stack gap="md">
      <Text fw={600} role="status">
        {updates > 0
          ? t('transfer.review.readyUpdates', {
              ...counted(plan.saves.length),
              created: formatIndianNumber(creates),
              updated: formatIndianNumber(updates),
            })
          : t('transfer.review.ready', counted(plan.saves.length))}
        {invalid.length > 0 ? ` ${t('transfer.review.errorLines', counted(invalid.length))}` : ''}
        {plan.skipped.length > 0
          ? ` ${t('transfer.review.skipped', counted(plan.skipped.length))}`
          : ''}
      </Text>

      {invalid.length > 0 ? (
        <Alert color="red" title={t('transfer.review.notImported', counted(invalid.length))}>
          <Text size="sm" mb="xs">
            {t('transfer.review.correct')}
          </Text>
          <List size="sm" spacing={4} aria-label={t('transfer.review.errorList')}>
            {invalid.slice(0, LIST_LIMIT).map((row) => (
              <List.Item key={row.label}>
                <strong>{row.label}:</strong> {row.errors.join('; ')}
              </List.Item>
            ))}
          </List>
          <More total={invalid.length} />
        </Alert>
      ) : null}

      {plan.duplicates.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="duplicates-heading">
          <Title order={3} fz="h4" id="duplicates-heading">
            {t('transfer.review.duplicates', counted(plan.duplicates.length))}
          </Title>
          <Text size="sm">{t('transfer.review.duplicatesRule')}</Text>
          <List size="sm" spacing={4} aria-label={t('transfer.review.duplicateList')}>
            {plan.duplicates.slice(0, LIST_LIMIT).map(({ row, of }) => (
              <List.Item key={row.label}>
                <strong>{row.label}:</strong>{' '}
                {t('transfer.review.sameAs', {
                  policy: `${row.policy.insurer_name} ${row.policy.policy_number}`,
                  of,
                })}
              </List.Item>
            ))}
          </List>
          <More total={plan.duplicates.length} />
          <Radio.Group
            label={t('transfer.review.choice')}
            value={choice}
            onChange={(value) => setChoice(value === 'update' ? 'update' : 'skip')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="skip" label={t('transfer.review.skip')} />
              <Radio value="update" label={t('transfer.review.update')} />
            </Stack>
          </Radio.Group>
        </Stack>
      ) : null}

      {newTypes.length > 0 ? (
        <Text size="sm">
          {t('transfer.review.newTypes', { types: newTypes.map((type) => type.name).join(', ') })}
        </Text>
      ) : null}

      <Group gap="sm">
        <Button disabled={plan.saves.length === 0} onClick={() => onConfirm(plan)}>
          {plan.saves.length === 0
            ? t('transfer.review.nothing')
            : t('transfer.review.import', counted(plan.saves.length))}
        </Button>
        <Button variant="default" onClick={onBack}>
          {t('transfer.review.back')}
        </Button>
      </Group>
    </Stack>
  );
}

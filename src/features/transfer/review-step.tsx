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
import type { CheckedFile } from './run-import';

/** Long lists stop here, with how many more there are. */
const LIST_LIMIT = 50;

function count(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n.toLocaleString('en-IN')} ${many}`;
}

function More({ total }: { total: number }) {
  if (total <= LIST_LIMIT) return null;
  return <Text c="dimmed">…and {(total - LIST_LIMIT).toLocaleString('en-IN')} more.</Text>;
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
        {count(plan.saves.length, 'policy', 'policies')} ready to import
        {updates > 0
          ? ` (${creates.toLocaleString('en-IN')} new, ${updates.toLocaleString('en-IN')} updated)`
          : ''}
        .
        {invalid.length > 0
          ? ` ${count(invalid.length, 'line has', 'lines have')} errors and will not be imported.`
          : ''}
        {plan.skipped.length > 0
          ? ` ${count(plan.skipped.length, 'duplicate is', 'duplicates are')} skipped.`
          : ''}
      </Text>

      {invalid.length > 0 ? (
        <Alert
          color="red"
          title={`Not imported: ${count(invalid.length, 'line', 'lines')} with errors`}
        >
          <Text size="sm" mb="xs">
            Correct them in the file and import it again; the other lines can be imported now.
          </Text>
          <List size="sm" spacing={4} aria-label="Lines with errors">
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
            {count(plan.duplicates.length, 'duplicate', 'duplicates')}
          </Title>
          <Text size="sm">
            Same insurer and policy number as a saved policy or another line (capitals and spaces
            ignored).
          </Text>
          <List size="sm" spacing={4} aria-label="Duplicates">
            {plan.duplicates.slice(0, LIST_LIMIT).map(({ row, of }) => (
              <List.Item key={row.label}>
                <strong>{row.label}:</strong> {row.policy.insurer_name} {row.policy.policy_number} —
                same as {of}
              </List.Item>
            ))}
          </List>
          <More total={plan.duplicates.length} />
          <Radio.Group
            label="What to do with duplicates"
            value={choice}
            onChange={(value) => setChoice(value === 'update' ? 'update' : 'skip')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="skip" label="Skip them: keep the saved policy (or the first line)" />
              <Radio
                value="update"
                label="Update: write the file’s values over the saved policy (the last line wins)"
              />
            </Stack>
          </Radio.Group>
        </Stack>
      ) : null}

      {newTypes.length > 0 ? (
        <Text size="sm">
          New policy types will be added as your own: {newTypes.map((t) => t.name).join(', ')}.
        </Text>
      ) : null}

      <Group gap="sm">
        <Button disabled={plan.saves.length === 0} onClick={() => onConfirm(plan)}>
          {plan.saves.length === 0
            ? 'Nothing to import'
            : `Import ${count(plan.saves.length, 'policy', 'policies')}`}
        </Button>
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
      </Group>
    </Stack>
  );
}

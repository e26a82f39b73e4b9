import { useEffect, useRef, useState } from 'react';
import { Alert, Button, FileInput, Group, List, Progress, Stack, Text, Title } from '@mantine/core';
import { Panel } from '@/components/ui/panel';
import { IconFileImport } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import {
  autoMapping,
  rowsFromJson,
  type ColumnMapping,
  type CurrentPolicy,
  type ImportPlan,
  type ImportRow,
} from '@/domain/transfer';
import { useTracker } from '@/features/tracker';
import { formatIndianNumber } from '@/lib/format';
import { sayStored } from '@/lib/say-message';
import { useT } from '@/lib/use-i18n';
import { readPeople, readOwnPolicies, readPolicyTypes, syncIfNeverPulled } from '@/sync';
import { readCsv } from './csv';
import { MappingStep } from './mapping-step';
import { ReviewStep } from './review-step';
import { checkRows, saveImport, type CheckedFile, type ImportResult } from './run-import';

/** Far above any real list of policies (1,000 policies are about 300 KB of CSV). */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

interface CsvFile {
  fileName: string;
  table: string[][];
  mapping: ColumnMapping;
}

type State =
  | { step: 'choose'; error?: string }
  | ({ step: 'map' } & CsvFile)
  | { step: 'checking'; done: number; total: number }
  | { step: 'review'; checked: CheckedFile; saved: CurrentPolicy[]; csv?: CsvFile }
  | { step: 'saving'; done: number; total: number }
  | { step: 'done'; result: ImportResult; online: boolean };

/** Catalog ids of each step's heading. */
const STEP_TITLES: Record<State['step'], string> = {
  choose: 'transfer.import.step.choose',
  map: 'transfer.import.step.map',
  checking: 'transfer.import.step.checking',
  review: 'transfer.import.step.review',
  saving: 'transfer.import.step.saving',
  done: 'transfer.import.step.done',
};

function percent(done: number, total: number): number {
  return total === 0 ? 100 : Math.round((done / total) * 100);
}

function isJson(name: string, text: string): boolean {
  return name.toLowerCase().endsWith('.json') || text.trimStart().startsWith('{');
}

interface ImportSectionProps {
  /** Called when an import saved something (the page's counts change). */
  onImported?: () => void;
}

/**
 * Import from a CSV (any spreadsheet's columns, matched to the policy's fields) or a BimaGuide
 * JSON export: choose, match, review every line's problems and the duplicates, confirm; only
 * then is anything saved, through the same store and outbox as the policy form.
 */
export function ImportSection({ onImported }: ImportSectionProps) {
  const t = useT();
  const { db, repo, sync } = useTracker();
  const [state, setState] = useState<State>({ step: 'choose' });
  const [file, setFile] = useState<File | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  // Each step replaces the last: focus its heading so a screen reader or keyboard user follows.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [state.step]);

  const update = (next: State) => {
    if (live.current) setState(next);
  };

  const check = async (rows: ImportRow[], csv?: CsvFile) => {
    update({ step: 'checking', done: 0, total: rows.length });
    // Right after signing in on a new device the global types and the policies saved elsewhere
    // may not be here yet: a Health row would become a new type and duplicates go unseen.
    await syncIfNeverPulled(db, sync);
    // Read once, not live: the review compares with the policies as they are now.
    const [types, people, saved] = await Promise.all([
      readPolicyTypes(db),
      readPeople(db),
      readOwnPolicies(db),
    ]);
    const checked = await checkRows(rows, { types, people }, (done) =>
      update({ step: 'checking', done, total: rows.length }),
    );
    update({ step: 'review', checked, saved, ...(csv ? { csv } : {}) });
  };

  const open = async (chosen: File | null) => {
    setFile(chosen);
    if (!chosen) return;
    if (chosen.size > MAX_FILE_BYTES) {
      update({
        step: 'choose',
        error: t('transfer.import.tooLarge'),
      });
      return;
    }
    try {
      const text = await chosen.text();
      if (isJson(chosen.name, text)) {
        const json = rowsFromJson(text);
        if (!json.ok) update({ step: 'choose', error: json.error });
        else if (json.rows.length === 0)
          update({ step: 'choose', error: t('transfer.import.emptyExport') });
        else await check(json.rows);
        return;
      }
      const { table, errors } = await readCsv(text);
      if (errors.length > 0) {
        update({
          step: 'choose',
          error: t('transfer.import.csvUnreadable', { details: errors.join(' ') }),
        });
      } else if (table.slice(1).every((cells) => cells.every((cell) => cell.trim() === ''))) {
        update({ step: 'choose', error: t('transfer.import.noRows') });
      } else {
        update({ step: 'map', fileName: chosen.name, table, mapping: autoMapping(table[0] ?? []) });
      }
    } catch (error) {
      update({
        step: 'choose',
        error: t('transfer.import.unreadable', {
          details: error instanceof Error ? error.message : String(error),
        }),
      });
    }
  };

  const confirm = async (plan: ImportPlan, checked: CheckedFile) => {
    const total = plan.saves.length;
    update({ step: 'saving', done: 0, total });
    let result: ImportResult;
    try {
      result = await saveImport(repo, plan, checked.newTypes, (done) =>
        update({ step: 'saving', done, total }),
      );
    } catch (error) {
      // Only creating a new type can fail before any policy is saved; say so and stop.
      result = {
        saved: 0,
        failed: [
          {
            label: t('transfer.import.policyTypes'),
            message: error instanceof Error ? error.message : String(error),
          },
        ],
      };
    }
    if (result.saved > 0) onImported?.();
    update({ step: 'done', result, online: navigator.onLine && sync.status.get().online });
  };

  const restart = () => {
    setFile(null);
    update({ step: 'choose' });
  };

  let body;
  switch (state.step) {
    case 'choose':
      body = (
        <Stack gap="sm">
          <Text>{t('transfer.import.intro')}</Text>
          <FileInput
            label={t('transfer.import.file')}
            placeholder={t('transfer.import.choose')}
            // Mantine's placeholder grey is 2:1 on white; this reads as the button's text (AA).
            styles={{ placeholder: { color: 'var(--mantine-color-gray-7)' } }}
            accept=".csv,.json,text/csv,application/json"
            value={file}
            onChange={(chosen) => void open(chosen)}
            leftSection={<IconFileImport size={16} aria-hidden />}
            clearable
            maw={420}
          />
          {state.error ? (
            <Alert color="red" title={t('transfer.import.cannot')}>
              {state.error}
            </Alert>
          ) : null}
        </Stack>
      );
      break;
    case 'map':
      body = (
        <MappingStep
          fileName={state.fileName}
          table={state.table}
          mapping={state.mapping}
          onMappingChange={(mapping) => update({ ...state, mapping })}
          onContinue={(rows) =>
            void check(rows, {
              fileName: state.fileName,
              table: state.table,
              mapping: state.mapping,
            })
          }
          onCancel={restart}
        />
      );
      break;
    case 'checking':
    case 'saving':
      body = (
        <Stack gap="xs">
          <Progress.Root size="lg">
            <Progress.Section
              value={percent(state.done, state.total)}
              aria-label={t(
                state.step === 'saving'
                  ? 'transfer.import.progress'
                  : 'transfer.import.checkProgress',
              )}
            />
          </Progress.Root>
          <Text aria-live="polite">
            {t(state.step === 'saving' ? 'transfer.import.savedOf' : 'transfer.import.checkedOf', {
              done: formatIndianNumber(state.done),
              total: formatIndianNumber(state.total),
            })}
          </Text>
        </Stack>
      );
      break;
    case 'review': {
      const { checked, saved, csv } = state;
      body = (
        <ReviewStep
          checked={checked}
          saved={saved}
          onConfirm={(plan) => void confirm(plan, checked)}
          onBack={() => (csv ? update({ step: 'map', ...csv }) : restart())}
        />
      );
      break;
    }
    case 'done': {
      const { result, online } = state;
      body = (
        <Stack gap="sm">
          <Text fw={600} role="status">
            {t('transfer.import.imported', {
              count: result.saved,
              n: formatIndianNumber(result.saved),
            })}{' '}
            {result.saved > 0 && !online ? t('transfer.import.offline') : ''}
          </Text>
          {result.failed.length > 0 ? (
            <Alert color="red" title={t('transfer.import.notSaved')}>
              <List size="sm" spacing={4}>
                {result.failed.map((f) => (
                  <List.Item key={f.label}>
                    <strong>{f.label}:</strong> {sayStored(t, f.message)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button component={Link} to="/policy-tracker">
              {t('transfer.import.goToPolicies')}
            </Button>
            <Button variant="default" onClick={restart}>
              {t('transfer.import.another')}
            </Button>
          </Group>
        </Stack>
      );
      break;
    }
  }

  return (
    <Panel labelledBy="import-heading" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="import-heading" ref={headingRef} tabIndex={-1}>
          {t(STEP_TITLES[state.step])}
        </Title>
        {body}
      </Stack>
    </Panel>
  );
}

import { useId, useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Panel } from '@/components/ui/panel';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { LoadingStatus } from '@/components/ui/loading-status';
import type { PaymentDetails } from '@/domain/schemas';
import {
  policyPermissions,
  newPaymentForm,
  paymentFormSchema,
  paymentsByYear,
  paymentToFormValues,
} from '@/domain/tracker';
import { formatRupees } from '@/lib/format';
import { sayError } from '@/lib/say-message';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import { readPayments, readPolicy, type PaymentView } from '@/sync';
import { ConfirmDialog } from '../components/confirm-dialog';
import { SyncStateBadge } from '../components/sync-badge';
import { useToday } from '../hooks/use-today';
import { toastSaved } from '../saved-toast';
import { useTracker } from '../tracker-context';
import { PaymentDialog } from './payment-dialog';
import { PaymentForm } from './payment-form';
import { policyDate } from '../words';

/** What the add / edit dialog is open for. */
type Editing = { kind: 'new' } | { kind: 'edit'; payment: PaymentView };

function describePayment(t: ReturnType<typeof useT>, payment: PaymentView): string {
  return t('payments.describe', {
    amount: formatRupees(payment.amount),
    date: policyDate(payment.paid_on),
  });
}

/**
 * A policy's payments, by the year they were paid in with each year's total: add one (for a
 * past year too), edit or delete it. Everything is saved on the device first and synced
 * through the outbox, so it works offline.
 */
export function PolicyPayments({ policyId }: { policyId: string }) {
  const t = useT();
  const { db, repo, sync } = useTracker();
  const today = useToday();
  const headingId = useId();
  const policy = useLiveQuery(() => readPolicy(db, policyId), [db, policyId]);
  const payments = useLiveQuery(() => readPayments(db, policyId), [db, policyId]);
  // A policy shared with the user (issue 18): a viewer records nothing, an editor deletes nothing.
  const may = policyPermissions(policy?.shared?.role ?? null);
  const years = useMemo(() => paymentsByYear(payments ?? []), [payments]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<PaymentView | null>(null);
  const online = () => navigator.onLine && sync.status.get().online;

  const save = async (details: PaymentDetails) => {
    if (!editing) return;
    try {
      if (editing.kind === 'new') {
        await repo.addPayment({ policy_id: policyId, ...details });
        toastSaved(t('payments.added'), online());
      } else {
        await repo.updatePayment(editing.payment.id, details);
        toastSaved(t('payments.updated'), online());
      }
      setEditing(null);
    } catch (error) {
      toast({
        title: t('payments.saveFailed'),
        description: sayError(t, error),
        variant: 'destructive',
      });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await repo.deletePayment(deleting.id);
      toastSaved(t('payments.deleted'), online());
    } catch (error) {
      toast({
        title: t('payments.deleteFailed'),
        description: sayError(t, error),
        variant: 'destructive',
      });
    }
    setDeleting(null);
  };

  let body;
  if (payments === undefined) {
    body = <LoadingStatus label={t('payments.loading')} py="md" />;
  } else if (years.length === 0) {
    body = <Text c="dimmed">{t('payments.none')}</Text>;
  } else {
    body = years.map((year) => (
      <section key={year.year} aria-labelledby={`${headingId}-${year.year}`}>
        <Group justify="space-between" align="baseline" mb={4}>
          <Title order={3} fz="md" id={`${headingId}-${year.year}`}>
            {year.year}
          </Title>
          <Text fw={600}>{t('payments.total', { amount: formatRupees(year.total) })}</Text>
        </Group>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {year.payments.map((payment) => (
            <Paper component="li" key={payment.id} withBorder radius="sm" p="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>
                    {formatRupees(payment.amount)} · {policyDate(payment.paid_on)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[payment.mode ? t(`payments.mode.${payment.mode}`) : null, payment.reference]
                      .filter(Boolean)
                      .join(' · ') || t('payments.noMode')}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <SyncStateBadge state={payment.sync} />
                  {may.recordPayments ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={t('payments.editFor', { payment: describePayment(t, payment) })}
                      onClick={() => setEditing({ kind: 'edit', payment })}
                    >
                      {t('payments.edit')}
                    </Button>
                  ) : null}
                  {may.deletePayments ? (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={t('payments.deleteFor', {
                        payment: describePayment(t, payment),
                      })}
                      onClick={() => setDeleting(payment)}
                    >
                      {t('payments.delete')}
                    </Button>
                  ) : null}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      </section>
    ));
  }

  return (
    <Panel labelledBy={headingId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4" id={headingId}>
            {t('payments.title')}
          </Title>
          {may.recordPayments ? (
            <Button
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setEditing({ kind: 'new' })}
              disabled={policy === undefined}
            >
              {t('payments.add')}
            </Button>
          ) : null}
        </Group>
        {body}
      </Stack>

      <PaymentDialog
        subject={editing}
        title={t(editing?.kind === 'edit' ? 'payments.editTitle' : 'payments.addTitle')}
        onClose={() => setEditing(null)}
      >
        {(shown) => (
          <PaymentForm
            key={shown.kind === 'edit' ? shown.payment.id : 'new'}
            schema={paymentFormSchema}
            defaultValues={
              shown.kind === 'edit'
                ? paymentToFormValues(shown.payment)
                : newPaymentForm(policy?.premium_amount ?? null, today)
            }
            label={t(shown.kind === 'edit' ? 'payments.editTitle' : 'payments.addTitle')}
            amountRequired
            submitLabel={t('payments.save')}
            onCancel={() => setEditing(null)}
            onSubmit={save}
          />
        )}
      </PaymentDialog>
      <ConfirmDialog
        opened={deleting !== null}
        title={t('payments.deleteTitle')}
        description={
          deleting ? t('payments.deleteText', { payment: describePayment(t, deleting) }) : ''
        }
        confirmLabel={t('payments.delete')}
        cancelLabel={t('tracker.cancel')}
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Panel>
  );
}

import { useId, useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Panel } from '@/components/ui/panel';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useLiveQuery } from 'dexie-react-hooks';
import { LoadingStatus } from '@/components/ui/loading-status';
import { paymentModeLabel, type PaymentDetails } from '@/domain/schemas';
import {
  policyPermissions,
  formatPolicyDate,
  newPaymentForm,
  paymentFormSchema,
  paymentsByYear,
  paymentToFormValues,
} from '@/domain/tracker';
import { formatRupees } from '@/lib/format';
import { toast } from '@/lib/toast';
import { readPayments, readPolicy, type PaymentView } from '@/sync';
import { ConfirmDialog } from '../components/confirm-dialog';
import { SyncStateBadge } from '../components/sync-badge';
import { useToday } from '../hooks/use-today';
import { toastSaved } from '../saved-toast';
import { useTracker } from '../tracker-context';
import { PaymentDialog } from './payment-dialog';
import { PaymentForm } from './payment-form';

/** What the add / edit dialog is open for. */
type Editing = { kind: 'new' } | { kind: 'edit'; payment: PaymentView };

function describePayment(payment: PaymentView): string {
  return `${formatRupees(payment.amount)} paid on ${formatPolicyDate(payment.paid_on)}`;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * A policy's payments, by the year they were paid in with each year's total: add one (for a
 * past year too), edit or delete it. Everything is saved on the device first and synced
 * through the outbox, so it works offline.
 */
export function PolicyPayments({ policyId }: { policyId: string }) {
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
        toastSaved('Payment added', online());
      } else {
        await repo.updatePayment(editing.payment.id, details);
        toastSaved('Payment updated', online());
      }
      setEditing(null);
    } catch (error) {
      toast({
        title: 'Error saving payment',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await repo.deletePayment(deleting.id);
      toastSaved('Payment deleted', online());
    } catch (error) {
      toast({
        title: 'Error deleting payment',
        description: errorMessage(error),
        variant: 'destructive',
      });
    }
    setDeleting(null);
  };

  let body;
  if (payments === undefined) {
    body = <LoadingStatus label="Loading payments..." py="md" />;
  } else if (years.length === 0) {
    body = (
      <Text c="dimmed">
        No payments recorded yet. Mark Renewed records one; add earlier payments here.
      </Text>
    );
  } else {
    body = years.map((year) => (
      <section key={year.year} aria-labelledby={`${headingId}-${year.year}`}>
        <Group justify="space-between" align="baseline" mb={4}>
          <Title order={3} fz="md" id={`${headingId}-${year.year}`}>
            {year.year}
          </Title>
          <Text fw={600}>Total {formatRupees(year.total)}</Text>
        </Group>
        <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
          {year.payments.map((payment) => (
            <Paper component="li" key={payment.id} withBorder radius="sm" p="xs">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text fw={600}>
                    {formatRupees(payment.amount)} · {formatPolicyDate(payment.paid_on)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[payment.mode ? paymentModeLabel(payment.mode) : null, payment.reference]
                      .filter(Boolean)
                      .join(' · ') || 'No mode or reference'}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <SyncStateBadge state={payment.sync} />
                  {may.recordPayments ? (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPencil size={14} aria-hidden />}
                      aria-label={`Edit payment of ${describePayment(payment)}`}
                      onClick={() => setEditing({ kind: 'edit', payment })}
                    >
                      Edit
                    </Button>
                  ) : null}
                  {may.deletePayments ? (
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-sm"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={`Delete payment of ${describePayment(payment)}`}
                      onClick={() => setDeleting(payment)}
                    >
                      Delete
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
            Payments
          </Title>
          {may.recordPayments ? (
            <Button
              size="compact-sm"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => setEditing({ kind: 'new' })}
              disabled={policy === undefined}
            >
              Add payment
            </Button>
          ) : null}
        </Group>
        {body}
      </Stack>

      <PaymentDialog
        subject={editing}
        title={editing?.kind === 'edit' ? 'Edit payment' : 'Add a payment'}
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
            label={shown.kind === 'edit' ? 'Edit payment' : 'Add a payment'}
            amountRequired
            submitLabel="Save Payment"
            onCancel={() => setEditing(null)}
            onSubmit={save}
          />
        )}
      </PaymentDialog>
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete this payment?"
        description={
          deleting
            ? `The payment of ${describePayment(deleting)} will be removed from your records.`
            : ''
        }
        confirmLabel="Delete"
        destructive
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Panel>
  );
}

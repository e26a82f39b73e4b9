import { Text } from '@mantine/core';
import type { IsoDate } from '@/domain/policy';
import type { PaymentDetails } from '@/domain/schemas';
import { nextRenewalAfter } from '@/domain/policy';
import { newPaymentForm, renewFormSchema } from '@/domain/tracker';
import { withElements, useT } from '@/lib/use-i18n';
import type { PolicyView } from '@/sync';
import { PaymentDialog } from './payment-dialog';
import { PaymentForm } from './payment-form';
import { policyDate } from '../words';

export type RenewablePolicy = Pick<
  PolicyView,
  | 'id'
  | 'insurer_name'
  | 'policy_number'
  | 'start_date'
  | 'next_renewal_date'
  | 'renewal_frequency'
  | 'premium_amount'
>;

interface RenewDialogProps {
  /** The policy being renewed; null closes the dialog. */
  policy: RenewablePolicy | null;
  today: IsoDate;
  onCancel: () => void;
  /** The payment to record, or null when the amount was left empty. */
  onConfirm: (payment: PaymentDetails | null) => Promise<void>;
}

/**
 * Mark Renewed: the spec's question, what the renewal date becomes, and the payment made for
 * it (the premium and today unless changed).
 */
export function RenewDialog({ policy, today, onCancel, onConfirm }: RenewDialogProps) {
  const t = useT();
  return (
    <PaymentDialog subject={policy} title={t('tracker.renew.title')} onClose={onCancel}>
      {(shown) => (
        <PaymentForm
          key={shown.id}
          schema={renewFormSchema}
          defaultValues={newPaymentForm(shown.premium_amount, today)}
          label={t('tracker.renew.label', {
            insurer: shown.insurer_name,
            number: shown.policy_number,
          })}
          amountRequired={false}
          amountDescription={t('tracker.renew.amountHelp')}
          intro={
            <>
              <Text>{t('tracker.renew.intro')}</Text>
              <Text>
                {withElements(t, 'tracker.renew.date', {
                  date: (
                    <Text span fw={700}>
                      {`${policyDate(shown.next_renewal_date)} → ${policyDate(nextRenewalAfter(shown))}`}
                    </Text>
                  ),
                })}
              </Text>
            </>
          }
          submitLabel={t('tracker.renew.confirm')}
          onCancel={onCancel}
          onSubmit={onConfirm}
        />
      )}
    </PaymentDialog>
  );
}

import { Text } from '@mantine/core';
import type { IsoDate } from '@/domain/policy';
import type { PaymentDetails } from '@/domain/schemas';
import { newPaymentForm, renewalPreview, renewFormSchema } from '@/domain/tracker';
import type { PolicyView } from '@/sync';
import { PaymentDialog } from './payment-dialog';
import { PaymentForm } from './payment-form';

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
  return (
    <PaymentDialog subject={policy} title="Mark as Renewed?" onClose={onCancel}>
      {(shown) => (
        <PaymentForm
          key={shown.id}
          schema={renewFormSchema}
          defaultValues={newPaymentForm(shown.premium_amount, today)}
          label={`Renew ${shown.insurer_name} ${shown.policy_number}`}
          amountRequired={false}
          amountDescription="Leave empty to renew without recording a payment"
          intro={
            <>
              <Text>
                This will advance the renewal date based on the policy&apos;s frequency. This action
                can be edited later.
              </Text>
              <Text>
                Renewal date:{' '}
                <Text span fw={700}>
                  {renewalPreview(shown)}
                </Text>
              </Text>
            </>
          }
          submitLabel="Confirm Renewal"
          onCancel={onCancel}
          onSubmit={onConfirm}
        />
      )}
    </PaymentDialog>
  );
}

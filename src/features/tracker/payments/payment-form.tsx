import { type ReactNode } from 'react';
import { Fieldset, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { PAYMENT_REFERENCE_MAX_LENGTH, paymentModes } from '@/domain/schemas';
import type { PaymentFormValues } from '@/domain/tracker';
import { useT } from '@/lib/use-i18n';
import { fieldError } from '../words';
import { AmountField, DateField } from '../components/form-fields';
import { FormActions } from '@/components/ui/form-actions';

interface PaymentFormProps<Out> {
  /** paymentFormSchema, or renewFormSchema when the amount may be left empty. */
  schema: z.ZodType<Out, FieldValues>;
  defaultValues: PaymentFormValues;
  /** Names the form for assistive technology. */
  label: string;
  amountRequired: boolean;
  amountDescription?: string;
  /** Shown above the fields (Mark Renewed's date preview). */
  intro?: ReactNode;
  submitLabel: string;
  onCancel: () => void;
  /** A rejection keeps the form open with what was typed. */
  onSubmit: (values: Out) => Promise<void>;
}

const modeIds = ['', ...paymentModes.map((mode) => mode.value)];

/**
 * A payment's fields (amount, paid on, mode, reference) with Cancel and a submit button: the
 * body of the Mark Renewed dialog and of the add / edit payment dialog. Cancel takes focus
 * first, as in the tracker's confirm dialog, so Enter on opening does nothing by surprise.
 */
export function PaymentForm<Out>({
  schema,
  defaultValues,
  label,
  amountRequired,
  amountDescription,
  intro,
  submitLabel,
  onCancel,
  onSubmit,
}: PaymentFormProps<Out>) {
  const t = useT();
  const modeOptions = modeIds.map((value) => ({
    value,
    label: t(value === '' ? 'payments.mode.none' : `payments.mode.${value}`),
  }));
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<PaymentFormValues, unknown, Out>({
    // The schema normalises the inputs' empties, so its input type is wider than the form's
    // values; the resolver is typed by what the form holds and what a save gets.
    resolver: zodResolver(schema) as unknown as Resolver<PaymentFormValues, unknown, Out>,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  return (
    <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate aria-label={label}>
      <Stack>
        {intro}
        <Fieldset variant="unstyled" disabled={isSubmitting}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <AmountField
                control={control}
                name="amount"
                label={t('payments.amountPaid')}
                required={amountRequired}
                {...(amountDescription ? { description: amountDescription } : {})}
              />
              <DateField control={control} name="paid_on" label={t('payments.paidOn')} required />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <Controller
                control={control}
                name="mode"
                render={({ field, fieldState }) => (
                  <NativeSelect
                    label={t('payments.mode')}
                    data={modeOptions}
                    value={field.value ?? ''}
                    onChange={(event) =>
                      field.onChange(
                        event.currentTarget.value === '' ? null : event.currentTarget.value,
                      )
                    }
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    error={fieldError(t, fieldState.error?.message)}
                  />
                )}
              />
              <Controller
                control={control}
                name="reference"
                render={({ field, fieldState }) => (
                  <TextInput
                    label={t('payments.reference')}
                    placeholder={t('payments.referencePlaceholder')}
                    maxLength={PAYMENT_REFERENCE_MAX_LENGTH}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    error={fieldError(t, fieldState.error?.message)}
                  />
                )}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <FormActions
          cancelLabel={t('tracker.cancel')}
          submitLabel={submitLabel}
          onCancel={onCancel}
          busy={isSubmitting}
          focusCancel
        />
      </Stack>
    </form>
  );
}

import { NumberInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
// In Mantine's cascade layer, as all its rules are (scripts/mantine-styles/plugin.ts).
import '@mantine/dates/styles.layer.css';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { parseUserDate, POLICY_DATE_FORMAT } from '@/domain/tracker';
import { useT } from '@/lib/use-i18n';
import { fieldError } from '../words';
import { useDatesLocale } from './dates-locale';

/**
 * The tracker's form controls that need a Controller (the policy form, the payment forms):
 * one rupee amount and one date input, so every form groups and reads them the same way.
 */

interface FieldProps<T extends FieldValues, V> {
  control: Control<T, unknown, V>;
  name: FieldPath<T>;
  label: string;
  placeholder?: string;
  required?: boolean;
  description?: string;
}

/** A rupee amount, grouped the Indian way (15,00,000) as the user types. */
export function AmountField<T extends FieldValues, V>({
  control,
  name,
  label,
  placeholder,
  required = false,
  description,
}: FieldProps<T, V>) {
  const t = useT();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          withAsterisk={required}
          aria-required={required || undefined}
          placeholder={placeholder}
          leftSection="₹"
          min={0}
          allowNegative={false}
          decimalScale={2}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          hideControls
          inputMode="decimal"
          value={field.value as number | string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={fieldError(t, fieldState.error?.message)}
        />
      )}
    />
  );
}

function dateParser(text: string): string | null {
  return parseUserDate(text);
}

/**
 * A calendar date shown as "15 Mar 2027" ("15 मार्च 2027" in Hindi, whose picker names the
 * months and weekdays in Hindi too), typed in any of the usual Indian spellings.
 */
export function DateField<T extends FieldValues, V>({
  control,
  name,
  label,
  required = false,
  deps,
}: FieldProps<T, V> & { deps?: FieldPath<T>[] }) {
  const t = useT();
  const locale = useDatesLocale();
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState }) => (
        <DateInput
          label={label}
          withAsterisk={required}
          aria-required={required || undefined}
          placeholder={t('tracker.form.datePlaceholder')}
          // Hindi's short month names are abbreviations with a dot; its full names read better.
          valueFormat={locale === 'en' ? POLICY_DATE_FORMAT : 'D MMMM YYYY'}
          locale={locale}
          ariaLabels={{
            monthLevelControl: t('tracker.form.calendarMonths'),
            yearLevelControl: t('tracker.form.calendarYears'),
            nextMonth: t('tracker.form.calendarNextMonth'),
            previousMonth: t('tracker.form.calendarPreviousMonth'),
            nextYear: t('tracker.form.calendarNextYear'),
            previousYear: t('tracker.form.calendarPreviousYear'),
            nextDecade: t('tracker.form.calendarNextDecade'),
            previousDecade: t('tracker.form.calendarPreviousDecade'),
          }}
          dateParser={dateParser}
          value={field.value as string | null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          error={fieldError(t, fieldState.error?.message)}
        />
      )}
    />
  );
}

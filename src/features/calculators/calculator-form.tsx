import type { ReactNode } from 'react';
import { Button, SimpleGrid, Stack, TextInput, type MantineSpacing } from '@mantine/core';
import {
  Controller,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '@/lib/use-i18n';
import { PercentSlider } from './percent-slider';
import { RupeeInput } from './rupee-input';
import { ResultPanel } from './result-panel';
import { useCalculatorForm } from './use-calculator-form';

/**
 * One input of a calculator, described rather than written out, so every form lays out alike.
 * Labels are catalog ids (src/locales); error messages are src/domain's English texts, which
 * the catalogs also hold as ids, so they show in the active language.
 */
export type CalculatorField<TValues extends FieldValues> =
  | {
      kind: 'number';
      name: Path<TValues>;
      label: string;
      required?: boolean;
      /** 'decimal' where a fraction makes sense (weight, inches); whole numbers otherwise. */
      inputMode?: 'numeric' | 'decimal';
      placeholder?: string;
    }
  | { kind: 'rupees'; name: Path<TValues>; label: string; required?: boolean }
  | {
      kind: 'percent';
      name: Path<TValues>;
      label: string;
      range: { min: number; max: number; step: number };
    };

/** The two ages the life-cover and retirement calculators both start from. */
export function ageFields<TValues extends { currentAge: unknown; retirementAge: unknown }>(
  retirementAgeLabel: string,
): CalculatorField<TValues>[] {
  const currentAge: Path<{ currentAge: unknown }> = 'currentAge';
  const retirementAge: Path<{ retirementAge: unknown }> = 'retirementAge';
  return [
    {
      kind: 'number',
      name: currentAge as Path<TValues>,
      label: 'calc.currentAge',
      required: true,
    },
    {
      kind: 'number',
      name: retirementAge as Path<TValues>,
      label: retirementAgeLabel,
      required: true,
    },
  ];
}

/** A row of inputs: one column on a phone, `cols` from the small breakpoint up. */
export interface CalculatorFieldGroup<TValues extends FieldValues> {
  cols: number;
  spacing?: MantineSpacing;
  fields: CalculatorField<TValues>[];
}

export interface CalculatorFormProps<TValues extends FieldValues, TInput, TResult> {
  /** The catalog id of the form's accessible name, e.g. "BMI calculator". */
  label: string;
  schema: z.ZodType<TInput, TValues>;
  defaultValues: DefaultValues<TValues>;
  calculate: (input: TInput) => TResult | null;
  groups: CalculatorFieldGroup<TValues>[];
  /** Shown under the result: a catalog id, or a function when it quotes the inputs. */
  assumptions: string | ((form: UseFormReturn<TValues, unknown, TInput>) => string);
  renderResult: (result: TResult) => ReactNode;
  /** What the result area says before the first calculation. */
  placeholder?: ReactNode;
}

function FieldInput<TValues extends FieldValues, TInput>({
  field: spec,
  form,
}: {
  field: CalculatorField<TValues>;
  form: UseFormReturn<TValues, unknown, TInput>;
}) {
  const t = useT();
  const message = (error: { message?: string } | undefined) =>
    error?.message === undefined ? undefined : t(error.message);
  if (spec.kind === 'number') {
    const { error } = form.getFieldState(spec.name, form.formState);
    return (
      <TextInput
        label={t(spec.label)}
        inputMode={spec.inputMode ?? 'numeric'}
        autoComplete="off"
        placeholder={spec.placeholder}
        aria-required={spec.required}
        error={message(error)}
        {...form.register(spec.name)}
      />
    );
  }
  return (
    <Controller
      control={form.control}
      name={spec.name}
      render={({ field, fieldState }) =>
        spec.kind === 'rupees' ? (
          <RupeeInput
            {...field}
            label={t(spec.label)}
            aria-required={spec.required}
            error={message(fieldState.error)}
          />
        ) : (
          <PercentSlider
            label={t(spec.label)}
            value={Number(field.value)}
            onChange={field.onChange}
            min={spec.range.min}
            max={spec.range.max}
            step={spec.range.step}
            error={message(fieldState.error)}
          />
        )
      }
    />
  );
}

/**
 * Every calculator on the home page: its inputs from a description, validation by the domain
 * schema, Calculate, and the result panel (cleared as soon as an input changes).
 */
export function CalculatorForm<TValues extends FieldValues, TInput, TResult>({
  label,
  schema,
  defaultValues,
  calculate,
  groups,
  assumptions,
  renderResult,
  placeholder = null,
}: CalculatorFormProps<TValues, TInput, TResult>) {
  const { form, result, onSubmit } = useCalculatorForm(schema, defaultValues, calculate);
  const t = useT();
  const grids = groups.map((group) => (
    <SimpleGrid
      key={group.fields.map((field) => field.name).join()}
      cols={{ base: 1, sm: group.cols }}
      spacing={group.spacing}
    >
      {group.fields.map((field) => (
        <FieldInput key={field.name} field={field} form={form} />
      ))}
    </SimpleGrid>
  ));

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t(label)}>
      {grids.length === 1 ? grids : <Stack>{grids}</Stack>}
      <Button type="submit" mt="md">
        {t('calc.calculate')}
      </Button>
      <ResultPanel
        assumptions={typeof assumptions === 'string' ? t(assumptions) : assumptions(form)}
      >
        {result === null ? placeholder : renderResult(result)}
      </ResultPanel>
    </form>
  );
}

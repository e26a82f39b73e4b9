import { Button, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import {
  DEFAULT_RETIREMENT_AGE,
  calculateHlv,
  hlvInputSchema,
  type HlvFormValues,
} from '@/domain/calculators';
import { formatRupees } from '@/lib/format';
import { RupeeInput } from './rupee-input';
import { ResultCard, ResultPanel } from './result-panel';
import { useCalculatorForm } from './use-calculator-form';

const defaultValues: HlvFormValues = {
  currentAge: '',
  retirementAge: String(DEFAULT_RETIREMENT_AGE),
  annualIncome: '',
  existingCover: '',
  liabilities: '',
};

export function HlvCalculator() {
  const { form, result, onSubmit } = useCalculatorForm(hlvInputSchema, defaultValues, calculateHlv);
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Human Life Value calculator">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Current Age (Years)"
          inputMode="numeric"
          autoComplete="off"
          aria-required
          error={errors.currentAge?.message}
          {...register('currentAge')}
        />
        <TextInput
          label="Desired Retirement Age (Years)"
          inputMode="numeric"
          autoComplete="off"
          aria-required
          error={errors.retirementAge?.message}
          {...register('retirementAge')}
        />
        <Controller
          control={control}
          name="annualIncome"
          render={({ field, fieldState }) => (
            <RupeeInput
              {...field}
              label="Annual Net Income"
              aria-required
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="existingCover"
          render={({ field, fieldState }) => (
            <RupeeInput
              {...field}
              label="Existing Insurance Cover (optional)"
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="liabilities"
          render={({ field, fieldState }) => (
            <RupeeInput
              {...field}
              label="Liabilities (Loans, etc.) (optional)"
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Button type="submit" mt="md">
        Calculate
      </Button>
      <ResultPanel assumptions="Assumes today's income continues until retirement with no raises or inflation; loans are added and existing cover is subtracted.">
        {result ? (
          <ResultCard title="Your Recommended Life Cover">
            <Text fz={32} fw={700} lh={1.2}>
              {formatRupees(result.recommendedCover)}
            </Text>
            <Text size="sm" mt={4}>
              Covers {result.yearsRemaining} {result.yearsRemaining === 1 ? 'year' : 'years'} of
              income until retirement.
            </Text>
          </ResultCard>
        ) : null}
      </ResultPanel>
    </form>
  );
}

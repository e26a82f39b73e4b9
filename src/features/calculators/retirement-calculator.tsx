import { Button, SimpleGrid, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import {
  DEFAULT_RETIREMENT_AGE,
  calculateRetirement,
  retirementInputSchema,
  type RetirementFormValues,
} from '@/domain/calculators';
import { formatRupees } from '@/lib/format';
import { RupeeInput } from './rupee-input';
import { ResultCard, ResultFigure, ResultPanel } from './result-panel';
import { useCalculatorForm } from './use-calculator-form';

const defaultValues: RetirementFormValues = {
  currentAge: '',
  retirementAge: String(DEFAULT_RETIREMENT_AGE),
  monthlyExpenses: '',
  currentSavings: '',
};

export function RetirementCalculator() {
  const { form, result, onSubmit } = useCalculatorForm(
    retirementInputSchema,
    defaultValues,
    calculateRetirement,
  );
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Retirement Planning calculator">
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
          label="Retirement Age (Years)"
          inputMode="numeric"
          autoComplete="off"
          aria-required
          error={errors.retirementAge?.message}
          {...register('retirementAge')}
        />
        <Controller
          control={control}
          name="monthlyExpenses"
          render={({ field, fieldState }) => (
            <RupeeInput
              {...field}
              label="Monthly Expenses"
              aria-required
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="currentSavings"
          render={({ field, fieldState }) => (
            <RupeeInput
              {...field}
              label="Current Savings (optional)"
              error={fieldState.error?.message}
            />
          )}
        />
      </SimpleGrid>
      <Button type="submit" mt="md">
        Calculate
      </Button>
      <ResultPanel assumptions="Assumes 6% inflation, 8% returns on savings and investments, a 4% yearly withdrawal rate, and monthly investments at month end.">
        {result ? (
          <ResultCard title="Your Retirement Plan">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <ResultFigure
                label="Corpus Needed at Retirement"
                value={formatRupees(result.corpusNeeded)}
              />
              <ResultFigure
                label="Your Savings at Retirement"
                value={formatRupees(result.savingsAtRetirement)}
              />
              <ResultFigure
                label="Monthly Investment Needed"
                value={formatRupees(result.monthlyInvestment)}
              />
            </SimpleGrid>
            <Text size="sm" mt="sm">
              Your monthly expenses of today will be about{' '}
              {formatRupees(result.futureMonthlyExpenses)} in {result.years}{' '}
              {result.years === 1 ? 'year' : 'years'}.
            </Text>
          </ResultCard>
        ) : null}
      </ResultPanel>
    </form>
  );
}

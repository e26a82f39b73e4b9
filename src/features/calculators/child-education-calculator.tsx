import { Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller } from 'react-hook-form';
import {
  CHILD_EDUCATION_SLIDERS,
  calculateChildEducation,
  childEducationInputSchema,
  type ChildEducationFormValues,
} from '@/domain/calculators';
import { formatRupees } from '@/lib/format';
import { PercentSlider } from './percent-slider';
import { RupeeInput } from './rupee-input';
import { ResultCard, ResultFigure, ResultPanel } from './result-panel';
import { useCalculatorForm } from './use-calculator-form';

const { expectedReturn, educationInflation } = CHILD_EDUCATION_SLIDERS;

const defaultValues: ChildEducationFormValues = {
  childAge: '',
  educationAge: '',
  presentCost: '',
  expectedReturn: expectedReturn.defaultValue,
  educationInflation: educationInflation.defaultValue,
};

export function ChildEducationCalculator() {
  const { form, result, onSubmit } = useCalculatorForm(
    childEducationInputSchema,
    defaultValues,
    calculateChildEducation,
  );
  const {
    register,
    control,
    watch,
    formState: { errors },
  } = form;
  const returnRate = Number(watch('expectedReturn'));
  const inflationRate = Number(watch('educationInflation'));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Child Education calculator">
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label="Child's Current Age (Years)"
            inputMode="numeric"
            autoComplete="off"
            aria-required
            error={errors.childAge?.message}
            {...register('childAge')}
          />
          <TextInput
            label="Age at Higher Education (Years)"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 18"
            aria-required
            error={errors.educationAge?.message}
            {...register('educationAge')}
          />
          <Controller
            control={control}
            name="presentCost"
            render={({ field, fieldState }) => (
              <RupeeInput
                {...field}
                label="Present Cost of Education"
                aria-required
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          <Controller
            control={control}
            name="expectedReturn"
            render={({ field, fieldState }) => (
              <PercentSlider
                label="Expected Return (%)"
                value={Number(field.value)}
                onChange={field.onChange}
                min={expectedReturn.min}
                max={expectedReturn.max}
                step={expectedReturn.step}
                error={fieldState.error?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="educationInflation"
            render={({ field, fieldState }) => (
              <PercentSlider
                label="Education Inflation (%)"
                value={Number(field.value)}
                onChange={field.onChange}
                min={educationInflation.min}
                max={educationInflation.max}
                step={educationInflation.step}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
      </Stack>
      <Button type="submit" mt="md">
        Calculate
      </Button>
      <ResultPanel
        assumptions={`Assumes ${inflationRate}% education inflation, ${returnRate}% returns, and monthly investments at month end.`}
      >
        {result ? (
          <ResultCard title="Your Education Plan">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <ResultFigure
                label="Future Cost of Education"
                value={formatRupees(result.futureCost)}
              />
              <ResultFigure
                label="Monthly Investment Needed"
                value={formatRupees(result.monthlyInvestment)}
              />
            </SimpleGrid>
            <Text size="sm" mt="sm">
              Invest for {result.years} {result.years === 1 ? 'year' : 'years'} ({result.years * 12}{' '}
              monthly payments).
            </Text>
          </ResultCard>
        ) : null}
      </ResultPanel>
    </form>
  );
}

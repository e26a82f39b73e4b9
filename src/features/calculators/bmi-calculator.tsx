import { Badge, Button, Group, SimpleGrid, Text, TextInput } from '@mantine/core';
import {
  bmiInputSchema,
  calculateBmi,
  type BmiCategory,
  type BmiFormValues,
} from '@/domain/calculators';
import { ResultCard, ResultPanel } from './result-panel';
import { useCalculatorForm } from './use-calculator-form';

const defaultValues: BmiFormValues = { heightFeet: '', heightInches: '', weightKg: '' };

const categoryColor: Record<BmiCategory, string> = {
  Underweight: 'blue.9',
  Normal: 'teal.9',
  Overweight: 'orange.9',
  Obese: 'red.9',
};

export function BmiCalculator() {
  const { form, result, onSubmit } = useCalculatorForm(bmiInputSchema, defaultValues, calculateBmi);
  const {
    register,
    formState: { errors },
  } = form;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="BMI calculator">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label="Height (Feet)"
          inputMode="numeric"
          autoComplete="off"
          aria-required
          error={errors.heightFeet?.message}
          {...register('heightFeet')}
        />
        <TextInput
          label="Height (Inches) (optional)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.heightInches?.message}
          {...register('heightInches')}
        />
        <TextInput
          label="Weight (kg)"
          inputMode="decimal"
          autoComplete="off"
          aria-required
          error={errors.weightKg?.message}
          {...register('weightKg')}
        />
      </SimpleGrid>
      <Button type="submit" mt="md">
        Calculate
      </Button>
      <ResultPanel assumptions="Uses adult BMI categories: below 18.5 Underweight, 18.5 to 24.99 Normal, 25 to 29.99 Overweight, 30 and above Obese.">
        {result ? (
          <ResultCard title="Your BMI">
            <Group gap="sm" align="center">
              <Text fz={32} fw={700} lh={1.2}>
                {result.display}
              </Text>
              <Badge size="lg" variant="filled" color={categoryColor[result.category]}>
                {result.category}
              </Badge>
            </Group>
          </ResultCard>
        ) : (
          <Text>Enter your height and weight, then press Calculate to see your BMI.</Text>
        )}
      </ResultPanel>
    </form>
  );
}

import { Badge, Group, Text } from '@mantine/core';
import {
  bmiInputSchema,
  calculateBmi,
  type BmiCategory,
  type BmiFormValues,
} from '@/domain/calculators';
import { CalculatorForm } from './calculator-form';
import { ResultCard } from './result-panel';

const defaultValues: BmiFormValues = { heightFeet: '', heightInches: '', weightKg: '' };

const categoryColor: Record<BmiCategory, string> = {
  Underweight: 'blue.9',
  Normal: 'teal.9',
  Overweight: 'orange.9',
  Obese: 'red.9',
};

export function BmiCalculator() {
  return (
    <CalculatorForm
      label="BMI calculator"
      schema={bmiInputSchema}
      defaultValues={defaultValues}
      calculate={calculateBmi}
      groups={[
        {
          cols: 3,
          fields: [
            { kind: 'number', name: 'heightFeet', label: 'Height (Feet)', required: true },
            {
              kind: 'number',
              name: 'heightInches',
              label: 'Height (Inches) (optional)',
              inputMode: 'decimal',
            },
            {
              kind: 'number',
              name: 'weightKg',
              label: 'Weight (kg)',
              inputMode: 'decimal',
              required: true,
            },
          ],
        },
      ]}
      assumptions="Uses adult BMI categories: below 18.5 Underweight, 18.5 to 24.99 Normal, 25 to 29.99 Overweight, 30 and above Obese."
      placeholder={<Text>Enter your height and weight, then press Calculate to see your BMI.</Text>}
      renderResult={(result) => (
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
      )}
    />
  );
}

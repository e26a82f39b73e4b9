import { Badge, Group, Text } from '@mantine/core';
import {
  bmiInputSchema,
  calculateBmi,
  type BmiCategory,
  type BmiFormValues,
} from '@/domain/calculators';
import { CalculatorForm } from './calculator-form';
import { useT } from '@/lib/use-i18n';
import { ResultCard } from './result-panel';

const defaultValues: BmiFormValues = { heightFeet: '', heightInches: '', weightKg: '' };

const categoryColor: Record<BmiCategory, string> = {
  Underweight: 'blue.9',
  Normal: 'teal.9',
  Overweight: 'orange.9',
  Obese: 'red.9',
};

export function BmiCalculator() {
  const t = useT();
  return (
    <CalculatorForm
      label="calc.bmi.label"
      schema={bmiInputSchema}
      defaultValues={defaultValues}
      calculate={calculateBmi}
      groups={[
        {
          cols: 3,
          fields: [
            { kind: 'number', name: 'heightFeet', label: 'calc.bmi.heightFeet', required: true },
            {
              kind: 'number',
              name: 'heightInches',
              label: 'calc.bmi.heightInches',
              inputMode: 'decimal',
            },
            {
              kind: 'number',
              name: 'weightKg',
              label: 'calc.bmi.weight',
              inputMode: 'decimal',
              required: true,
            },
          ],
        },
      ]}
      assumptions="calc.bmi.assumptions"
      placeholder={<Text>{t('calc.bmi.placeholder')}</Text>}
      renderResult={(result) => (
        <ResultCard title={t('calc.bmi.result')}>
          <Group gap="sm" align="center">
            <Text fz={32} fw={700} lh={1.2}>
              {result.display}
            </Text>
            <Badge size="lg" variant="filled" color={categoryColor[result.category]}>
              {t(`calc.bmi.category.${result.category}`)}
            </Badge>
          </Group>
        </ResultCard>
      )}
    />
  );
}

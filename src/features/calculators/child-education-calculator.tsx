import { Text } from '@mantine/core';
import {
  CHILD_EDUCATION_SLIDERS,
  calculateChildEducation,
  childEducationInputSchema,
  type ChildEducationFormValues,
} from '@/domain/calculators';
import { formatRupees } from '@/lib/format';
import { CalculatorForm } from './calculator-form';
import { useT } from '@/lib/use-i18n';
import { ResultCard, ResultFigures } from './result-panel';

const { expectedReturn, educationInflation } = CHILD_EDUCATION_SLIDERS;

const defaultValues: ChildEducationFormValues = {
  childAge: '',
  educationAge: '',
  presentCost: '',
  expectedReturn: expectedReturn.defaultValue,
  educationInflation: educationInflation.defaultValue,
};

export function ChildEducationCalculator() {
  const t = useT();
  return (
    <CalculatorForm
      label="calc.childEdu.label"
      schema={childEducationInputSchema}
      defaultValues={defaultValues}
      calculate={calculateChildEducation}
      groups={[
        {
          cols: 3,
          fields: [
            {
              kind: 'number',
              name: 'childAge',
              label: 'calc.childEdu.childAge',
              required: true,
            },
            {
              kind: 'number',
              name: 'educationAge',
              label: 'calc.childEdu.educationAge',
              placeholder: t('calc.childEdu.educationAgeExample'),
              required: true,
            },
            {
              kind: 'rupees',
              name: 'presentCost',
              label: 'calc.childEdu.presentCost',
              required: true,
            },
          ],
        },
        {
          cols: 2,
          spacing: 'xl',
          fields: [
            {
              kind: 'percent',
              name: 'expectedReturn',
              label: 'calc.childEdu.expectedReturn',
              range: expectedReturn,
            },
            {
              kind: 'percent',
              name: 'educationInflation',
              label: 'calc.childEdu.inflation',
              range: educationInflation,
            },
          ],
        },
      ]}
      assumptions={({ watch }) =>
        t('calc.childEdu.assumptions', {
          inflation: Number(watch('educationInflation')),
          returns: Number(watch('expectedReturn')),
        })
      }
      renderResult={(result) => (
        <ResultCard title={t('calc.childEdu.result')}>
          <ResultFigures
            figures={[
              { label: t('calc.childEdu.futureCost'), value: formatRupees(result.futureCost) },
              { label: t('calc.monthlyInvestment'), value: formatRupees(result.monthlyInvestment) },
            ]}
          />
          <Text size="sm" mt="sm">
            {t('calc.childEdu.investFor', { years: result.years, payments: result.years * 12 })}
          </Text>
        </ResultCard>
      )}
    />
  );
}

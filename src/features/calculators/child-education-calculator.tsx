import { Text } from '@mantine/core';
import {
  CHILD_EDUCATION_SLIDERS,
  calculateChildEducation,
  childEducationInputSchema,
  type ChildEducationFormValues,
} from '@/domain/calculators';
import { formatRupees } from '@/lib/format';
import { CalculatorForm } from './calculator-form';
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
  return (
    <CalculatorForm
      label="Child Education calculator"
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
              label: "Child's Current Age (Years)",
              required: true,
            },
            {
              kind: 'number',
              name: 'educationAge',
              label: 'Age at Higher Education (Years)',
              placeholder: 'e.g. 18',
              required: true,
            },
            {
              kind: 'rupees',
              name: 'presentCost',
              label: 'Present Cost of Education',
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
              label: 'Expected Return (%)',
              range: expectedReturn,
            },
            {
              kind: 'percent',
              name: 'educationInflation',
              label: 'Education Inflation (%)',
              range: educationInflation,
            },
          ],
        },
      ]}
      assumptions={({ watch }) =>
        `Assumes ${Number(watch('educationInflation'))}% education inflation, ${Number(watch('expectedReturn'))}% returns, and monthly investments at month end.`
      }
      renderResult={(result) => (
        <ResultCard title="Your Education Plan">
          <ResultFigures
            figures={[
              { label: 'Future Cost of Education', value: formatRupees(result.futureCost) },
              { label: 'Monthly Investment Needed', value: formatRupees(result.monthlyInvestment) },
            ]}
          />
          <Text size="sm" mt="sm">
            Invest for {result.years} {result.years === 1 ? 'year' : 'years'} ({result.years * 12}{' '}
            monthly payments).
          </Text>
        </ResultCard>
      )}
    />
  );
}

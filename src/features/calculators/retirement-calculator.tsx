import { Text } from '@mantine/core';
import {
  DEFAULT_RETIREMENT_AGE,
  calculateRetirement,
  retirementInputSchema,
  type RetirementFormValues,
} from '@/domain/calculators';
import { formatRupees } from '@/lib/format';
import { CalculatorForm, ageFields } from './calculator-form';
import { ResultCard, ResultFigures } from './result-panel';

const defaultValues: RetirementFormValues = {
  currentAge: '',
  retirementAge: String(DEFAULT_RETIREMENT_AGE),
  monthlyExpenses: '',
  currentSavings: '',
};

export function RetirementCalculator() {
  return (
    <CalculatorForm
      label="Retirement Planning calculator"
      schema={retirementInputSchema}
      defaultValues={defaultValues}
      calculate={calculateRetirement}
      groups={[
        {
          cols: 2,
          fields: [
            ...ageFields<RetirementFormValues>('Retirement Age (Years)'),
            { kind: 'rupees', name: 'monthlyExpenses', label: 'Monthly Expenses', required: true },
            { kind: 'rupees', name: 'currentSavings', label: 'Current Savings (optional)' },
          ],
        },
      ]}
      assumptions="Assumes 6% inflation, 8% returns on savings and investments, a 4% yearly withdrawal rate, and monthly investments at month end."
      renderResult={(result) => (
        <ResultCard title="Your Retirement Plan">
          <ResultFigures
            figures={[
              { label: 'Corpus Needed at Retirement', value: formatRupees(result.corpusNeeded) },
              {
                label: 'Your Savings at Retirement',
                value: formatRupees(result.savingsAtRetirement),
              },
              { label: 'Monthly Investment Needed', value: formatRupees(result.monthlyInvestment) },
            ]}
          />
          <Text size="sm" mt="sm">
            Your monthly expenses of today will be about{' '}
            {formatRupees(result.futureMonthlyExpenses)} in {result.years}{' '}
            {result.years === 1 ? 'year' : 'years'}.
          </Text>
        </ResultCard>
      )}
    />
  );
}

import { Text } from '@mantine/core';
import {
  DEFAULT_RETIREMENT_AGE,
  calculateRetirement,
  retirementInputSchema,
  type RetirementFormValues,
} from '@/domain/calculators';
import { formatRupees } from '@/lib/format';
import { CalculatorForm, ageFields } from './calculator-form';
import { useT } from '@/lib/use-i18n';
import { ResultCard, ResultFigures } from './result-panel';

const defaultValues: RetirementFormValues = {
  currentAge: '',
  retirementAge: String(DEFAULT_RETIREMENT_AGE),
  monthlyExpenses: '',
  currentSavings: '',
};

export function RetirementCalculator() {
  const t = useT();
  return (
    <CalculatorForm
      label="calc.retirement.label"
      schema={retirementInputSchema}
      defaultValues={defaultValues}
      calculate={calculateRetirement}
      groups={[
        {
          cols: 2,
          fields: [
            ...ageFields<RetirementFormValues>('calc.retirement.retirementAge'),
            {
              kind: 'rupees',
              name: 'monthlyExpenses',
              label: 'calc.retirement.expenses',
              required: true,
            },
            { kind: 'rupees', name: 'currentSavings', label: 'calc.retirement.savings' },
          ],
        },
      ]}
      assumptions="calc.retirement.assumptions"
      renderResult={(result) => (
        <ResultCard title={t('calc.retirement.result')}>
          <ResultFigures
            figures={[
              { label: t('calc.retirement.corpus'), value: formatRupees(result.corpusNeeded) },
              {
                label: t('calc.retirement.savingsAt'),
                value: formatRupees(result.savingsAtRetirement),
              },
              { label: t('calc.monthlyInvestment'), value: formatRupees(result.monthlyInvestment) },
            ]}
          />
          <Text size="sm" mt="sm">
            {t('calc.retirement.futureExpenses', {
              amount: formatRupees(result.futureMonthlyExpenses),
              years: result.years,
            })}
          </Text>
        </ResultCard>
      )}
    />
  );
}

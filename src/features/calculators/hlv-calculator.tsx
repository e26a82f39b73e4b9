import { Text } from '@mantine/core';
import {
  DEFAULT_RETIREMENT_AGE,
  calculateHlv,
  hlvInputSchema,
  type HlvFormValues,
} from '@/domain/calculators';
import { formatRupees } from '@/lib/format';
import { CalculatorForm, ageFields } from './calculator-form';
import { useT } from '@/lib/use-i18n';
import { ResultCard } from './result-panel';

const defaultValues: HlvFormValues = {
  currentAge: '',
  retirementAge: String(DEFAULT_RETIREMENT_AGE),
  annualIncome: '',
  existingCover: '',
  liabilities: '',
};

export function HlvCalculator() {
  const t = useT();
  return (
    <CalculatorForm
      label="calc.hlv.label"
      schema={hlvInputSchema}
      defaultValues={defaultValues}
      calculate={calculateHlv}
      groups={[
        {
          cols: 2,
          fields: [
            ...ageFields<HlvFormValues>('calc.hlv.retirementAge'),
            { kind: 'rupees', name: 'annualIncome', label: 'calc.hlv.income', required: true },
            { kind: 'rupees', name: 'existingCover', label: 'calc.hlv.existingCover' },
            { kind: 'rupees', name: 'liabilities', label: 'calc.hlv.liabilities' },
          ],
        },
      ]}
      assumptions="calc.hlv.assumptions"
      renderResult={(result) => (
        <ResultCard title={t('calc.hlv.result')}>
          <Text fz={32} fw={700} lh={1.2}>
            {formatRupees(result.recommendedCover)}
          </Text>
          <Text size="sm" mt={4}>
            {t('calc.hlv.covers', { years: result.yearsRemaining })}
          </Text>
        </ResultCard>
      )}
    />
  );
}

import { Text } from '@mantine/core';
import {
  DEFAULT_RETIREMENT_AGE,
  calculateHlv,
  hlvInputSchema,
  type HlvFormValues,
} from '@/domain/calculators';
import { formatRupees } from '@/lib/format';
import { CalculatorForm, ageFields } from './calculator-form';
import { ResultCard } from './result-panel';

const defaultValues: HlvFormValues = {
  currentAge: '',
  retirementAge: String(DEFAULT_RETIREMENT_AGE),
  annualIncome: '',
  existingCover: '',
  liabilities: '',
};

export function HlvCalculator() {
  return (
    <CalculatorForm
      label="Human Life Value calculator"
      schema={hlvInputSchema}
      defaultValues={defaultValues}
      calculate={calculateHlv}
      groups={[
        {
          cols: 2,
          fields: [
            ...ageFields<HlvFormValues>('Desired Retirement Age (Years)'),
            { kind: 'rupees', name: 'annualIncome', label: 'Annual Net Income', required: true },
            { kind: 'rupees', name: 'existingCover', label: 'Existing Insurance Cover (optional)' },
            { kind: 'rupees', name: 'liabilities', label: 'Liabilities (Loans, etc.) (optional)' },
          ],
        },
      ]}
      assumptions="Assumes today's income continues until retirement with no raises or inflation; loans are added and existing cover is subtracted."
      renderResult={(result) => (
        <ResultCard title="Your Recommended Life Cover">
          <Text fz={32} fw={700} lh={1.2}>
            {formatRupees(result.recommendedCover)}
          </Text>
          <Text size="sm" mt={4}>
            Covers {result.yearsRemaining} {result.yearsRemaining === 1 ? 'year' : 'years'} of
            income until retirement.
          </Text>
        </ResultCard>
      )}
    />
  );
}

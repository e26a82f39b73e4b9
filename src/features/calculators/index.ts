export {
  DEFAULT_CALCULATOR_TAB,
  calculatorSearchSchema,
  calculatorTabLabels,
  calculatorTabSchema,
  type CalculatorSearch,
  type CalculatorTab,
} from './calculator-tabs';
export { CalculatorsSection, type CalculatorsSectionProps } from './calculators-section';
export { RupeeInput, type RupeeInputProps } from './rupee-input';

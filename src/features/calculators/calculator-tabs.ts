// zod/mini: the home route checks its search params with this before the page renders.
import { z } from 'zod/mini';

/** Tab values double as the `calc` search param on the home page (e.g. `/?calc=bmi`). */
export const calculatorTabSchema = z.enum(['hlv', 'bmi', 'retirement', 'child-edu']);
export type CalculatorTab = z.infer<typeof calculatorTabSchema>;

export const DEFAULT_CALCULATOR_TAB: CalculatorTab = 'hlv';

/** For the home route's validateSearch: an unknown `calc` falls back to the default tab. */
export const calculatorSearchSchema = z.object({
  calc: z.catch(z.optional(calculatorTabSchema), undefined),
});
export type CalculatorSearch = z.infer<typeof calculatorSearchSchema>;

/** Catalog ids (src/locales) of the tab labels. */
export const calculatorTabLabels: Record<CalculatorTab, string> = {
  hlv: 'calc.tab.hlv',
  bmi: 'calc.tab.bmi',
  retirement: 'calc.tab.retirement',
  'child-edu': 'calc.tab.childEdu',
};

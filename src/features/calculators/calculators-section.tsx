import type { ComponentType } from 'react';
import { Box, Tabs, Text, Title } from '@mantine/core';
import { useT } from '@/lib/use-i18n';
import { BmiCalculator } from './bmi-calculator';
import {
  DEFAULT_CALCULATOR_TAB,
  calculatorTabLabels,
  calculatorTabSchema,
  type CalculatorTab,
} from './calculator-tabs';
import { ChildEducationCalculator } from './child-education-calculator';
import { HlvCalculator } from './hlv-calculator';
import { RetirementCalculator } from './retirement-calculator';

export interface CalculatorsSectionProps {
  /** Selected tab, usually from the `calc` search param; undefined shows Human Life Value. */
  tab: CalculatorTab | undefined;
  onTabChange: (tab: CalculatorTab) => void;
}

const panels: Record<CalculatorTab, ComponentType> = {
  hlv: HlvCalculator,
  bmi: BmiCalculator,
  retirement: RetirementCalculator,
  'child-edu': ChildEducationCalculator,
};

const tabs = calculatorTabSchema.options;

export function CalculatorsSection({ tab, onTabChange }: CalculatorsSectionProps) {
  const t = useT();
  return (
    <Box
      component="section"
      id="calculators"
      aria-labelledby="calculators-heading"
      style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 64px) + 16px)' }}
    >
      <Title order={2} id="calculators-heading">
        {t('calc.section.title')}
      </Title>
      <Text mt="xs" mb="lg">
        {t('calc.section.intro')}
      </Text>
      <Tabs
        value={tab ?? DEFAULT_CALCULATOR_TAB}
        onChange={(value) => {
          const parsed = calculatorTabSchema.safeParse(value);
          if (parsed.success) onTabChange(parsed.data);
        }}
      >
        <Tabs.List>
          {tabs.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(calculatorTabLabels[value])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((value) => {
          const Panel = panels[value];
          return (
            <Tabs.Panel key={value} value={value} pt="lg">
              <Panel />
            </Tabs.Panel>
          );
        })}
      </Tabs>
    </Box>
  );
}

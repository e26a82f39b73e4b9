import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent } from '../../../tests/helpers/render';
import { CalculatorsSection } from './calculators-section';
import { calculatorSearchSchema, type CalculatorTab } from './calculator-tabs';

function Harness({ initial }: { initial?: CalculatorTab }) {
  const [tab, setTab] = useState<CalculatorTab | undefined>(initial);
  return <CalculatorsSection tab={tab} onTabChange={setTab} />;
}

describe('CalculatorsSection', () => {
  it('shows the four tabs with Human Life Value selected by default', () => {
    render(<CalculatorsSection tab={undefined} onTabChange={() => {}} />);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'Human Life Value',
      'BMI Calculator',
      'Retirement Planning',
      'Child Education',
    ]);
    expect(screen.getByRole('tab', { name: 'Human Life Value' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('heading', { name: 'Financial Calculators' })).toBeVisible();
    expect(document.getElementById('calculators')).not.toBeNull();
  });

  it('opens the tab it is given', () => {
    render(<CalculatorsSection tab="bmi" onTabChange={() => {}} />);
    expect(screen.getByRole('tab', { name: 'BMI Calculator' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByLabelText(/Weight \(kg\)/)).toBeVisible();
  });

  it('reports tab changes', async () => {
    const onTabChange = vi.fn();
    render(<CalculatorsSection tab={undefined} onTabChange={onTabChange} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Child Education' }));
    expect(onTabChange).toHaveBeenCalledWith('child-edu');
  });

  it('keeps what was typed when switching tabs and back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByLabelText(/Annual Net Income/), '900000');
    await user.click(screen.getByRole('tab', { name: 'Retirement Planning' }));
    await user.click(screen.getByRole('tab', { name: 'Human Life Value' }));
    expect(screen.getByLabelText(/Annual Net Income/)).toHaveValue('9,00,000');
  });
});

describe('calculatorSearchSchema', () => {
  it('accepts known tabs and drops anything else', () => {
    expect(calculatorSearchSchema.parse({ calc: 'retirement' })).toEqual({ calc: 'retirement' });
    expect(calculatorSearchSchema.parse({ calc: 'nope' })).toEqual({ calc: undefined });
    expect(calculatorSearchSchema.parse({})).toEqual({ calc: undefined });
  });
});

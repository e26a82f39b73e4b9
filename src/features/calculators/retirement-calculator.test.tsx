import { describe, expect, it } from 'vitest';
import { render, screen, userEvent } from '../../../tests/helpers/render';
import { RetirementCalculator } from './retirement-calculator';

function setup() {
  const user = userEvent.setup();
  render(<RetirementCalculator />);
  return user;
}

describe('RetirementCalculator', () => {
  it('defaults the retirement age to 60', () => {
    setup();
    expect(screen.getByLabelText(/Retirement Age \(Years\)/)).toHaveValue('60');
  });

  it('shows the corpus, grown savings and monthly investment', async () => {
    const user = setup();
    await user.type(screen.getByLabelText(/Current Age \(Years\)/), '40');
    await user.type(screen.getByLabelText(/Monthly Expenses/), '40000');
    await user.type(screen.getByLabelText('Current Savings (optional)'), '1000000');
    expect(screen.getByLabelText('Current Savings (optional)')).toHaveValue('10,00,000');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    // y = 20: corpus 3,84,85,625.67; savings 46,60,957.14; monthly 57,425.29 (see domain tests)
    expect(await screen.findByRole('heading', { name: 'Your Retirement Plan' })).toBeVisible();
    expect(screen.getByText('₹3,84,85,626')).toBeVisible();
    expect(screen.getByText('₹46,60,957')).toBeVisible();
    expect(screen.getByText('₹57,425')).toBeVisible();
    expect(screen.getByText(/Assumes 6% inflation, 8% returns/)).toBeVisible();
  });

  it('shows ₹0 a month when savings already cover the corpus', async () => {
    const user = setup();
    await user.type(screen.getByLabelText(/Current Age \(Years\)/), '50');
    await user.type(screen.getByLabelText(/Monthly Expenses/), '10000');
    await user.type(screen.getByLabelText('Current Savings (optional)'), '10000000');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('₹0')).toBeVisible();
  });

  it('says what is wrong with bad input and shows no result', async () => {
    const user = setup();
    await user.type(screen.getByLabelText(/Current Age \(Years\)/), '-3');
    await user.type(screen.getByLabelText(/Monthly Expenses/), '40k');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Cannot be negative')).toBeVisible();
    expect(screen.getByText('Enter a number, e.g. 15,00,000')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Your Retirement Plan' })).toBeNull();
  });
});

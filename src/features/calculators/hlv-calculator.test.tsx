import { describe, expect, it } from 'vitest';
import { render, screen, userEvent } from '../../../tests/helpers/render';
import { HlvCalculator } from './hlv-calculator';

function setup() {
  const user = userEvent.setup();
  render(<HlvCalculator />);
  return user;
}

describe('HlvCalculator', () => {
  it('defaults the retirement age to 60', () => {
    setup();
    expect(screen.getByLabelText('Desired Retirement Age (Years)')).toHaveValue('60');
  });

  it('groups rupee amounts the Indian way while typing', async () => {
    const user = setup();
    const income = screen.getByLabelText(/Annual Net Income/);
    await user.type(income, '1500000');
    expect(income).toHaveValue('15,00,000');
  });

  it('shows the recommended cover in rupees', async () => {
    const user = setup();
    await user.type(screen.getByLabelText(/Current Age \(Years\)/), '30');
    await user.type(screen.getByLabelText(/Annual Net Income/), '900000');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    // 9,00,000 × (60 − 30) = 2,70,00,000
    expect(
      await screen.findByRole('heading', { name: 'Your Recommended Life Cover' }),
    ).toBeVisible();
    expect(screen.getByText('₹2,70,00,000')).toBeVisible();
  });

  it('adds liabilities and subtracts existing cover', async () => {
    const user = setup();
    await user.type(screen.getByLabelText(/Current Age \(Years\)/), '35');
    await user.type(screen.getByLabelText(/Annual Net Income/), '1200000');
    await user.type(screen.getByLabelText('Existing Insurance Cover (optional)'), '5000000');
    await user.type(screen.getByLabelText('Liabilities (Loans, etc.) (optional)'), '2500000');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    // 12,00,000 × 25 + 25,00,000 − 50,00,000 = 2,75,00,000
    expect(await screen.findByText('₹2,75,00,000')).toBeVisible();
  });

  it('does nothing, silently, when no working years are left', async () => {
    const user = setup();
    await user.type(screen.getByLabelText(/Current Age \(Years\)/), '65');
    await user.type(screen.getByLabelText(/Annual Net Income/), '900000');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(screen.queryByRole('heading', { name: 'Your Recommended Life Cover' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByLabelText(/Current Age \(Years\)/)).not.toHaveAttribute('aria-invalid');
  });

  it('says what is wrong with bad input and shows no result', async () => {
    const user = setup();
    await user.type(screen.getByLabelText(/Current Age \(Years\)/), '130');
    await user.type(screen.getByLabelText(/Annual Net Income/), 'abc');
    await user.type(screen.getByLabelText('Liabilities (Loans, etc.) (optional)'), '-500');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Age must be 120 or less')).toBeVisible();
    expect(screen.getByLabelText(/Current Age \(Years\)/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a number, e.g. 15,00,000')).toBeVisible();
    expect(screen.getByText('Cannot be negative')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Your Recommended Life Cover' })).toBeNull();
  });

  it('clears a result once an input changes', async () => {
    const user = setup();
    await user.type(screen.getByLabelText(/Current Age \(Years\)/), '30');
    await user.type(screen.getByLabelText(/Annual Net Income/), '900000');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('₹2,70,00,000')).toBeVisible();
    await user.type(screen.getByLabelText(/Annual Net Income/), '0');
    expect(screen.queryByText('₹2,70,00,000')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { render, screen, userEvent } from '../../../tests/helpers/render';
import { BmiCalculator } from './bmi-calculator';

const prompt = /Enter your height and weight/;

async function fill(feet: string, inches: string, kg: string) {
  const user = userEvent.setup();
  render(<BmiCalculator />);
  if (feet) await user.type(screen.getByLabelText(/Height \(Feet\)/), feet);
  if (inches) await user.type(screen.getByLabelText('Height (Inches) (optional)'), inches);
  if (kg) await user.type(screen.getByLabelText(/Weight \(kg\)/), kg);
  await user.click(screen.getByRole('button', { name: 'Calculate' }));
  return user;
}

describe('BmiCalculator', () => {
  it('prompts for height and weight before there is a result', () => {
    render(<BmiCalculator />);
    expect(screen.getByText(prompt)).toBeVisible();
  });

  it('shows the BMI with two decimals and its category', async () => {
    // 69 in = 1.7526 m; 70 / 3.07160676 = 22.79
    await fill('5', '9', '70');
    expect(await screen.findByText('22.79')).toBeVisible();
    expect(screen.getByText('Normal')).toBeVisible();
    expect(screen.queryByText(prompt)).toBeNull();
  });

  it('categorises on the value shown', async () => {
    // 6 ft, 83.6 kg = 24.9962 → 25.00 → Overweight
    await fill('6', '', '83.6');
    expect(await screen.findByText('25.00')).toBeVisible();
    expect(screen.getByText('Overweight')).toBeVisible();
  });

  it('keeps the prompt when the weight is zero', async () => {
    await fill('5', '9', '0');
    expect(screen.getByText(prompt)).toBeVisible();
  });

  it('says what is wrong with bad input', async () => {
    await fill('-5', '14', 'heavy');
    expect(await screen.findByText('Cannot be negative')).toBeVisible();
    expect(screen.getByText('Inches must be less than 12')).toBeVisible();
    expect(screen.getByText('Enter a number, e.g. 15,00,000')).toBeVisible();
    expect(screen.getByText(prompt)).toBeVisible();
  });

  it('asks for the required fields', async () => {
    await fill('', '', '');
    expect(await screen.findByText('Enter your height in feet')).toBeVisible();
    expect(screen.getByText('Enter your weight in kg')).toBeVisible();
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, userEvent } from '../../../tests/helpers/render';
import { ChildEducationCalculator } from './child-education-calculator';

function setup() {
  const user = userEvent.setup();
  render(<ChildEducationCalculator />);
  return user;
}

async function fillAges(
  user: ReturnType<typeof userEvent.setup>,
  child: string,
  goal: string,
  cost: string,
) {
  const entries: [RegExp, string][] = [
    [/Child's Current Age/, child],
    [/Age at Higher Education/, goal],
    [/Present Cost of Education/, cost],
  ];
  for (const [label, text] of entries) {
    if (text) await user.type(screen.getByLabelText(label), text);
  }
}

describe('ChildEducationCalculator', () => {
  it('starts the sliders at 8% return and 6% inflation, with labels and values announced', () => {
    setup();
    const returnSlider = screen.getByRole('slider', { name: 'Expected Return (%)' });
    const inflationSlider = screen.getByRole('slider', { name: 'Education Inflation (%)' });
    expect(returnSlider).toHaveAttribute('aria-valuenow', '8');
    expect(returnSlider).toHaveAttribute('aria-valuetext', '8%');
    expect(returnSlider).toHaveAttribute('aria-valuemax', '30');
    expect(inflationSlider).toHaveAttribute('aria-valuenow', '6');
    expect(inflationSlider).toHaveAttribute('aria-valuemax', '20');
    // Visible labels and always-on value bubbles.
    expect(screen.getByText('Expected Return (%)')).toBeVisible();
    expect(screen.getByText('8%')).toBeVisible();
    expect(screen.getByText('6%')).toBeVisible();
  });

  it('moves 1 step with arrows and 10 with PageUp/PageDown or Shift+Arrow, within range', () => {
    setup();
    const slider = screen.getByRole('slider', { name: 'Expected Return (%)' });
    const press = (key: string, shiftKey = false) => fireEvent.keyDown(slider, { key, shiftKey });
    const value = () => slider.getAttribute('aria-valuenow');

    press('ArrowRight');
    expect(value()).toBe('9');
    press('ArrowLeft');
    expect(value()).toBe('8');
    press('PageUp');
    expect(value()).toBe('18');
    press('ArrowUp', true);
    expect(value()).toBe('28');
    press('PageUp');
    expect(value()).toBe('30');
    press('PageDown');
    expect(value()).toBe('20');
    press('ArrowLeft', true);
    expect(value()).toBe('10');
    press('ArrowDown', true);
    expect(value()).toBe('0');
    press('PageDown');
    expect(value()).toBe('0');
    expect(slider).toHaveAttribute('aria-valuetext', '0%');
  });

  it('shows the future cost and monthly investment', async () => {
    const user = setup();
    await fillAges(user, '5', '18', '1000000');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    // 10,00,000 × 1.06^13 = 21,32,928.26; monthly at 8%/12 over 156 months = 7,815.20
    expect(await screen.findByRole('heading', { name: 'Your Education Plan' })).toBeVisible();
    expect(screen.getByText('₹21,32,928')).toBeVisible();
    expect(screen.getByText('₹7,815')).toBeVisible();
  });

  it('divides the future cost evenly at 0% return', async () => {
    const user = setup();
    await fillAges(user, '10', '18', '500000');
    const returnSlider = screen.getByRole('slider', { name: 'Expected Return (%)' });
    fireEvent.keyDown(returnSlider, { key: 'Home' });
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Education Inflation (%)' }), {
      key: 'Home',
    });
    expect(screen.getByText(/Assumes 0% education inflation, 0% returns/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    // 5,00,000 / 96 = 5,208.33
    expect(await screen.findByText('₹5,208')).toBeVisible();
    expect(screen.getByText('₹5,00,000')).toBeVisible();
  });

  it('says what is wrong with bad input and shows no result', async () => {
    const user = setup();
    await fillAges(user, '4.5', '150', '');
    await user.click(screen.getByRole('button', { name: 'Calculate' }));
    expect(await screen.findByText('Enter age in whole years')).toBeVisible();
    expect(screen.getByText('Age must be 120 or less')).toBeVisible();
    expect(screen.getByText("Enter today's cost of the education")).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Your Education Plan' })).toBeNull();
  });
});

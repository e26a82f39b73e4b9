import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { activateLoaded } from '@/lib/i18n';
import { render, screen, userEvent } from '../../../tests/helpers/render';
import { allMessages } from '../../../tests/helpers/catalogs';
import { BmiCalculator } from './bmi-calculator';
import { HlvCalculator } from './hlv-calculator';

/** Latin words left in the form: the calculators' own words must all be Hindi (BMI aside). */
function englishWords(): string[] {
  const form = screen.getByRole('form').cloneNode(true);
  if (!(form instanceof HTMLElement)) return [];
  // Mantine's responsive grids carry their CSS in <style> elements: not text anyone reads.
  for (const style of form.querySelectorAll('style')) style.remove();
  const text = form.textContent ?? '';
  return (text.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => word !== 'BMI');
}

describe('the calculators in Hindi', () => {
  beforeEach(() => activateLoaded('hi', allMessages.hi));
  afterEach(() => activateLoaded('en', allMessages.en));

  it('BMI: labels, result and category in Hindi', async () => {
    const user = userEvent.setup();
    render(<BmiCalculator />);
    await user.type(screen.getByLabelText(/लंबाई \(फ़ुट\)/), '5');
    await user.type(screen.getByLabelText(/लंबाई \(इंच\)/), '7');
    await user.type(screen.getByLabelText(/वज़न \(किलो\)/), '70');
    await user.click(screen.getByRole('button', { name: 'हिसाब लगाएँ' }));
    expect(screen.getByText('आपका BMI')).toBeInTheDocument();
    // 70 kg at 5 ft 7 in: 24.17, Normal.
    expect(screen.getByText('सामान्य')).toBeInTheDocument();
    expect(englishWords()).toEqual([]);
  });

  it('BMI: validation messages in Hindi', async () => {
    const user = userEvent.setup();
    render(<BmiCalculator />);
    await user.click(screen.getByRole('button', { name: 'हिसाब लगाएँ' }));
    expect(screen.getByText('अपनी लंबाई फ़ुट में भरें')).toBeInTheDocument();
    expect(screen.getByText('अपना वज़न किलो में भरें')).toBeInTheDocument();
  });

  it('HLV: the cover in rupees with Indian grouping and the years in Hindi', async () => {
    const user = userEvent.setup();
    render(<HlvCalculator />);
    await user.type(screen.getByLabelText(/अभी की उम्र/), '30');
    await user.type(screen.getByLabelText(/सालाना शुद्ध आय/), '900000');
    await user.click(screen.getByRole('button', { name: 'हिसाब लगाएँ' }));
    expect(screen.getByText('₹2,70,00,000')).toBeInTheDocument();
    expect(screen.getByText('रिटायरमेंट तक 30 साल की आय को कवर करता है।')).toBeInTheDocument();
    expect(englishWords()).toEqual([]);
  });

  it('follows a switch back to English while open', async () => {
    render(<HlvCalculator />);
    expect(screen.getByRole('button', { name: 'हिसाब लगाएँ' })).toBeInTheDocument();
    act(() => activateLoaded('en', allMessages.en));
    expect(await screen.findByRole('button', { name: 'Calculate' })).toBeInTheDocument();
  });
});

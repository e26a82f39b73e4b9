import { afterEach, describe, expect, it } from 'vitest';
import { useForm } from 'react-hook-form';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../../../tests/helpers/catalogs';
import { render, screen, userEvent } from '../../../../tests/helpers/render';
import { DateField } from './form-fields';

function RenewalDate() {
  const { control } = useForm<{ next_renewal_date: string | null }>({
    defaultValues: { next_renewal_date: '2027-03-15' },
  });
  return <DateField control={control} name="next_renewal_date" label="Renewal" />;
}

afterEach(() => {
  activateLoaded('en', allMessages.en);
});

describe('DateField', () => {
  it('shows the date and its picker in English', async () => {
    render(<RenewalDate />);
    const input = screen.getByRole('textbox', { name: 'Renewal' });
    expect(input).toHaveValue('15 Mar 2027');
    await userEvent.click(input);
    expect(
      await screen.findByRole('button', { name: 'Choose a month', hidden: true }),
    ).toHaveTextContent('March 2027');
    expect(
      screen.getByRole('button', { name: 'Previous month', hidden: true }),
    ).toBeInTheDocument();
    expect(screen.getByText('Mo')).toBeInTheDocument();
  });

  it('names the months and weekdays in Hindi when Hindi is chosen', async () => {
    activateLoaded('hi', allMessages.hi);
    render(<RenewalDate />);
    const input = screen.getByRole('textbox', { name: 'Renewal' });
    // Hindi's names arrive with the first picker shown in Hindi.
    await expect.poll(() => (input as HTMLInputElement).value).toBe('15 मार्च 2027');
    await userEvent.click(input);
    expect(await screen.findByRole('button', { name: 'महीना चुनें', hidden: true })).toHaveTextContent(
      'मार्च 2027',
    );
    expect(screen.getByRole('button', { name: 'अगला महीना', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('सो')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '15 मार्च 2027', hidden: true })).toBeInTheDocument();
    expect(screen.queryByText('Mo')).toBeNull();
  });
});

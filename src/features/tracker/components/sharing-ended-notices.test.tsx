import { afterEach, expect, it, vi } from 'vitest';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../../../tests/helpers/catalogs';
import type { SharingEndedNotice } from '@/sync';
import { render, screen, userEvent } from '../../../../tests/helpers/render';
import { SharingEndedNotices } from './sharing-ended-notices';

const ended: SharingEndedNotice = {
  policy_id: 'p1',
  label: 'Star Health (SH-1)',
  owner_name: 'Priya',
  unsaved: 2,
};

afterEach(() => {
  activateLoaded('en', allMessages.en);
});

it('says whose sharing ended and how many changes were not saved, until dismissed', async () => {
  const onDismiss = vi.fn();
  render(
    <SharingEndedNotices
      notices={[ended, { ...ended, policy_id: 'p2', label: 'HDFC Life', unsaved: 1 }]}
      onDismiss={onDismiss}
    />,
  );
  expect(
    screen.getByText('Priya stopped sharing Star Health (SH-1); 2 changes were not saved'),
  ).toBeInTheDocument();
  expect(
    screen.getByText('Priya stopped sharing HDFC Life; 1 change was not saved'),
  ).toBeInTheDocument();
  await userEvent.click(
    screen.getByRole('button', { name: 'Dismiss the notice about Star Health (SH-1)' }),
  );
  expect(onDismiss).toHaveBeenCalledWith('p1');
});

it('says it in Hindi', () => {
  activateLoaded('hi', allMessages.hi);
  render(<SharingEndedNotices notices={[ended]} onDismiss={vi.fn()} />);
  expect(
    screen.getByText('Priya ने Star Health (SH-1) साझा करना बंद कर दिया; 2 बदलाव सहेजे नहीं गए'),
  ).toBeInTheDocument();
  expect(
    screen.getByRole('button', { name: 'Star Health (SH-1) के बारे में सूचना हटाएँ' }),
  ).toBeInTheDocument();
});

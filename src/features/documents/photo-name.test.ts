import { afterEach, expect, it } from 'vitest';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../../tests/helpers/catalogs';
import { photoName } from './photo-name';

const takenAt = new Date('2025-11-24T05:02:00Z');

afterEach(() => activateLoaded('en', allMessages.en));

it('names a camera photo by when it was taken, in English', () => {
  activateLoaded('en', allMessages.en);
  expect(photoName(takenAt, 'Asia/Kolkata')).toBe('Photo 24 Nov 2025, 10:32 am');
});

it('names it in Hindi with the Hindi month and the 24-hour clock', () => {
  activateLoaded('hi', allMessages.hi);
  expect(photoName(takenAt, 'Asia/Kolkata')).toBe('फ़ोटो 24 नव॰ 2025, 10:32');
  expect(photoName(new Date('2025-11-24T12:45:00Z'), 'Asia/Kolkata')).toBe(
    'फ़ोटो 24 नव॰ 2025, 18:15',
  );
});

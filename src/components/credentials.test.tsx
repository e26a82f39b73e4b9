import { afterEach, describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { site } from '@/config/site';
import { activateLoaded } from '@/lib/i18n';
import { allMessages } from '../../tests/helpers/catalogs';
import { useCredentialText } from './credentials';

const broker = site.licence.broker;
const life = { validUntil: '2025-11-08', shownAs: 'day' } as const;

function credentialText() {
  return renderHook(() => useCredentialText()).result.current;
}

afterEach(() => activateLoaded('en', allMessages.en));

describe('credential texts', () => {
  it('says valid till, up to and including the last day', () => {
    const text = credentialText();
    expect(text('Broker Licence No. 487', broker, '2026-03-01')).toBe(
      'Broker Licence No. 487, valid till April 2026',
    );
    expect(text('Broker Licence No. 487', broker, '2026-04-30')).toBe(
      'Broker Licence No. 487, valid till April 2026',
    );
    expect(text('POSP certification', life, '2025-11-08')).toBe(
      'POSP certification, valid till 08 Nov 2025',
    );
  });

  it('never calls an expired credential valid', () => {
    const text = credentialText();
    expect(text('Broker Licence No. 487', broker, '2026-05-01')).toBe(
      'Broker Licence No. 487 — validity ended April 2026; renewal being confirmed',
    );
    expect(text('POSP certification', life, '2026-11-25')).toBe(
      'POSP certification — validity ended 08 Nov 2025; renewal being confirmed',
    );
  });

  it('makes no validity claim while the date is unknown', () => {
    expect(credentialText()('Broker Licence No. 487', broker, null)).toBe('Broker Licence No. 487');
  });

  it('names the month in Hindi', () => {
    activateLoaded('hi', allMessages.hi);
    expect(credentialText()('ब्रोकर लाइसेंस नं. 487', broker, '2026-03-01')).toContain('अप्रैल 2026');
  });
});

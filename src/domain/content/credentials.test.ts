import { describe, expect, it } from 'vitest';
import { credentialDate, credentialText, type Credential } from './credentials';

const broker: Credential = { validUntil: '2026-04-30', shownAs: 'month' };
const life: Credential = { validUntil: '2025-11-08', shownAs: 'day' };

describe('credential texts', () => {
  it('writes the date as the spec does', () => {
    expect(credentialDate(broker)).toBe('April 2026');
    expect(credentialDate(life)).toBe('08 Nov 2025');
  });

  it('says valid till, up to and including the last day', () => {
    expect(credentialText('Broker Licence No. 487', broker, '2026-03-01')).toBe(
      'Broker Licence No. 487, valid till April 2026',
    );
    expect(credentialText('Broker Licence No. 487', broker, '2026-04-30')).toBe(
      'Broker Licence No. 487, valid till April 2026',
    );
    expect(credentialText('POSP certification', life, '2025-11-08')).toBe(
      'POSP certification, valid till 08 Nov 2025',
    );
  });

  it('never calls an expired credential valid', () => {
    expect(credentialText('Broker Licence No. 487', broker, '2026-05-01')).toBe(
      'Broker Licence No. 487 — validity ended April 2026; renewal being confirmed',
    );
    expect(credentialText('POSP certification', life, '2026-11-25')).toBe(
      'POSP certification — validity ended 08 Nov 2025; renewal being confirmed',
    );
  });

  it('makes no validity claim while the date is unknown', () => {
    expect(credentialText('Broker Licence No. 487', broker, null)).toBe('Broker Licence No. 487');
  });
});

import { describe, expect, it } from 'vitest';
import { credentialDate, isCredentialCurrent, type Credential } from './credentials';

const broker: Credential = { validUntil: '2026-04-30', shownAs: 'month' };
const life: Credential = { validUntil: '2025-11-08', shownAs: 'day' };

describe('credential dates', () => {
  it('writes the date as the spec does', () => {
    expect(credentialDate(broker)).toBe('April 2026');
    expect(credentialDate(life)).toBe('08 Nov 2025');
  });

  it('is valid up to and including the last day, never after', () => {
    expect(isCredentialCurrent(broker, '2026-03-01')).toBe(true);
    expect(isCredentialCurrent(broker, '2026-04-30')).toBe(true);
    expect(isCredentialCurrent(broker, '2026-05-01')).toBe(false);
    expect(isCredentialCurrent(life, '2026-11-25')).toBe(false);
  });
});

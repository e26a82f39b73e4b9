import { describe, expect, it } from 'vitest';
import { remindsAbout } from './shared-reminders';

describe('remindsAbout', () => {
  const mine = { id: 'p1', user_id: 'me' };
  const priyas = { id: 'p2', user_id: 'priya' };

  it('always reminds about the user’s own policies', () => {
    expect(remindsAbout(mine, 'me', [])).toBe(true);
  });

  it('reminds about a shared policy only when a share covering it has reminders on', () => {
    expect(remindsAbout(priyas, 'me', [])).toBe(false);
    const off = { owner_id: 'priya', policy_id: 'p2', reminders_enabled: false };
    expect(remindsAbout(priyas, 'me', [off])).toBe(false);
    expect(remindsAbout(priyas, 'me', [{ ...off, reminders_enabled: true }])).toBe(true);
    expect(
      remindsAbout(priyas, 'me', [{ owner_id: 'priya', policy_id: null, reminders_enabled: true }]),
    ).toBe(true);
    // Another policy's share, or another owner's, does not count.
    expect(remindsAbout(priyas, 'me', [{ ...off, policy_id: 'p9', reminders_enabled: true }])).toBe(
      false,
    );
    expect(
      remindsAbout(priyas, 'me', [{ owner_id: 'ravi', policy_id: null, reminders_enabled: true }]),
    ).toBe(false);
  });
});

import { afterEach, expect, it } from 'vitest';
import {
  followInvitationUser,
  forgetInvitationToken,
  keepInvitationToken,
  pendingInvitationToken,
} from './pending-invitation';

const TOKEN = 'a'.repeat(64);

afterEach(() => forgetInvitationToken());

it('keeps a link opened signed out for whoever signs in or up next', () => {
  keepInvitationToken(TOKEN, null);
  followInvitationUser(null);
  followInvitationUser('ravi');
  followInvitationUser('ravi');
  expect(pendingInvitationToken()).toBe(TOKEN);
});

it('forgets it when that person signs out, so the next one on the computer is not offered it', () => {
  keepInvitationToken(TOKEN, null);
  followInvitationUser('ravi');
  followInvitationUser(null);
  followInvitationUser('priya');
  expect(pendingInvitationToken()).toBeNull();
});

it('forgets a link opened signed in when another account signs in', () => {
  keepInvitationToken(TOKEN, 'ravi');
  followInvitationUser('priya');
  expect(pendingInvitationToken()).toBeNull();
});

// Where the real route tree sends a mailed invitation link opened signed out: the token leaves
// the address (history, the login page's redirect) and waits in memory for the sign-in.
import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from '@/app';
import {
  forgetInvitationToken,
  pendingInvitationToken,
} from '@/features/sharing/pending-invitation';

vi.mock('@/features/pwa/update-prompt', () => ({ UpdatePrompt: () => null }));

const TOKEN = 'a'.repeat(64);

async function land(url: string) {
  forgetInvitationToken();
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createAppRouter(history);
  await router.load();
  return { href: router.state.location.href, kept: pendingInvitationToken() };
}

describe('an invitation link opened signed out', () => {
  for (const url of [
    `/policy-tracker/invitations?token=${TOKEN}`,
    `/policy-tracker/invitations/?token=${TOKEN}`,
    `/policy-tracker/Invitations?token=${TOKEN}`,
  ]) {
    it(`${url} leaves the address and is kept`, async () => {
      const landed = await land(url);
      expect(landed.href).not.toContain(TOKEN);
      expect(landed.kept).toBe(TOKEN);
    });
  }

  for (const url of [
    `/policy-tracker/invitations?token=${TOKEN.toUpperCase()}`,
    `/policy-tracker/invitations?token=${TOKEN}&token=${TOKEN}`,
  ]) {
    it(`${url}: not a token, dropped from the address and not kept`, async () => {
      const landed = await land(url);
      expect(landed.href.toLowerCase()).not.toContain(TOKEN);
      expect(landed.kept).toBeNull();
    });
  }
});

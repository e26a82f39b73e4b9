import { describe, expect, it } from 'vitest';
import { onlineOnlyChunk, trackerOnlyModule } from '../../../scripts/cache-groups/plugin';

const chunk = (facadeModuleId: string | null, ids: string[]) => ({
  facadeModuleId,
  modules: Object.fromEntries(ids.map((id) => [id, {}])),
});

describe('which chunks the service worker never caches ahead', () => {
  it("the admin area's screens and routes, and lucide's name map", () => {
    expect(onlineOnlyChunk(chunk('/app/src/routes/admin/users.tsx?tsr-split=component', []))).toBe(
      true,
    );
    expect(onlineOnlyChunk(chunk(null, ['/app/src/features/admin/users-table.tsx']))).toBe(true);
  });

  it("not a chunk the tracker needs that holds the admin's shared database-error texts", () => {
    expect(
      onlineOnlyChunk(
        chunk(null, ['/app/src/domain/admin/db-error.ts', '/app/src/lib/api-call.ts']),
      ),
    ).toBe(false);
  });
});

describe("which lazy parts wait with the tracker's code (cached when the tracker is opened)", () => {
  it('its pages, the invitations beside them, the sign-in screens and the account menu', () => {
    for (const id of [
      '/app/src/routes/_site/policy-tracker/index.tsx?tsr-split=component',
      '/app/src/routes/_site/policy-tracker_.invitations.tsx?tsr-split=component',
      '/app/src/routes/login.tsx?tsr-split=component',
      '/app/src/features/auth/account-menu.tsx',
    ]) {
      expect(trackerOnlyModule(id), id).toBe(true);
    }
  });

  it("not the tracker's intro, a public page that opens offline from the precache", () => {
    expect(
      trackerOnlyModule('/app/src/routes/_site/policy-tracker-intro.tsx?tsr-split=component'),
    ).toBe(false);
    expect(
      trackerOnlyModule('/app/src/routes/_site/what-is-bima-sugam.tsx?tsr-split=component'),
    ).toBe(false);
  });
});

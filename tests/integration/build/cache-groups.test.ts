import { describe, expect, it } from 'vitest';
import { onlineOnlyChunk } from '../../../scripts/cache-groups/plugin';

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

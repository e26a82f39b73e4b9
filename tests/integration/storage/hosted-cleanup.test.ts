// The hosted document-cleanup Edge Function run under Deno against the local server (PGlite,
// and PostgreSQL when TEST_DATABASE_URL is set): it finds the files of deleted documents through
// the database function and removes them with the Storage API, as it would on hosted Supabase.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import {
  FIRST_START_TIMEOUT_MS,
  startHostedFunction,
  type HostedFunction,
} from '../../helpers/edge-function';
import { createActors, idOf } from '../rls/actors';
import type { Actors } from '../rls/actors';
import {
  addDocument,
  addPolicy,
  BUCKET,
  deleteOp,
  pdfBytes,
  push,
  storageFailure,
  documentsServer,
} from './fixtures';

forEachDatabase('hosted document-cleanup function under Deno', documentsServer, (ctx) => {
  let fn: HostedFunction;
  let actors: Actors;
  beforeAll(async () => {
    actors = await createActors(ctx);
    fn = await startHostedFunction('document-cleanup', {
      SUPABASE_URL: ctx.server.url,
      SUPABASE_SERVICE_ROLE_KEY: ctx.server.serviceRoleKey,
    });
  }, FIRST_START_TIMEOUT_MS);
  afterAll(async () => {
    await fn.stop();
  });

  const call = (token: string | null) =>
    fetch(`${fn.url}/functions/v1/document-cleanup`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('removes the files of a deleted policy and keeps the rest; only the service role may run it', async () => {
    const a = idOf(actors.userA);
    const deleted = await addPolicy(actors.userA.client);
    const kept = await addPolicy(actors.userA.client);
    const gone = await addDocument(actors.userA.client, a, deleted);
    const stays = await addDocument(actors.userA.client, a, kept);
    for (const doc of [gone, stays]) {
      const up = await actors.userA.client.storage
        .from(BUCKET)
        .upload(doc.path, pdfBytes(doc.id), { contentType: 'application/pdf' });
      expect(up.error).toBeNull();
    }
    await push(actors.userA.client, [deleteOp('policies', deleted)]);

    expect((await call(ctx.server.anonKey)).status).toBe(401);
    const res = await call(ctx.server.serviceRoleKey);
    expect(res.status, fn?.output()).toBe(200);
    expect(await res.json()).toEqual({ removed: 1 });

    const service = ctx.service().storage.from(BUCKET);
    expect(storageFailure((await service.download(gone.path)).error)).toMatchObject({
      statusCode: '404',
    });
    expect(await (await service.download(stays.path)).data?.text()).toContain(stays.id);
    expect(await (await call(ctx.server.serviceRoleKey)).json()).toEqual({ removed: 0 });
  });
});

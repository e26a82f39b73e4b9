// Policy documents in Supabase Storage on the local server (PGlite and PostgreSQL), through
// the real supabase-js storage client: the owner's round trip, everyone else refused for every
// operation, the service role, the bucket's limits, traversal and malformed input, signed URLs,
// and the cleanup of deleted policies' files.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { forEachDatabase, rawFetch } from '../../helpers/server';
import { createActors, idOf, uuid } from '../rls/actors';
import type { Actor, Actors } from '../rls/actors';
import {
  addDocument,
  addPolicy,
  BUCKET,
  deleteOp,
  pdfBytes,
  push,
  storageFailure,
  upsertOp,
  documentsServer,
} from './fixtures';

forEachDatabase('policy documents in Storage', documentsServer, (ctx) => {
  let actors: Actors;
  let policyId: string;
  beforeAll(async () => {
    actors = await createActors(ctx);
    policyId = await addPolicy(actors.userA.client);
  });
  const bucketOf = (actor: Actor) => actor.client.storage.from(BUCKET);
  /** The caller's access token; the anonymous visitor sends the anon key. */
  const tokenOf = async (actor: Actor): Promise<string> =>
    (await actor.client.auth.getSession()).data.session?.access_token ?? ctx.server.anonKey;
  /** A GET sent exactly as written: fetch would resolve `%2e%2e` before sending. */
  const unnormalisedGet = (pathAndQuery: string, token: string) =>
    new Promise<{ status: number; json: unknown }>((resolve, reject) => {
      const base = new URL(ctx.server.url);
      const req = http.get(
        {
          host: base.hostname,
          port: base.port,
          path: pathAndQuery,
          headers: { apikey: ctx.server.anonKey, authorization: `Bearer ${token}` },
        },
        (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(body) }));
        },
      );
      req.on('error', reject);
    });
  const filesOnDisk = (): string[] => fs.readdirSync(path.join(ctx.server.storageRoot, 'objects'));

  describe('the owner', () => {
    it('uploads, downloads, lists, signs and removes a PDF', async () => {
      const doc = await addDocument(actors.userA.client, idOf(actors.userA), policyId);
      const bytes = pdfBytes('e-card');
      const up = await bucketOf(actors.userA).upload(doc.path, bytes, {
        contentType: 'application/pdf',
      });
      expect(up.error).toBeNull();
      expect(up.data).toMatchObject({ path: doc.path, fullPath: `${BUCKET}/${doc.path}` });

      const down = await bucketOf(actors.userA).download(doc.path);
      expect(down.error).toBeNull();
      expect(Buffer.from((await down.data?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(bytes);
      expect(down.data?.type).toBe('application/pdf');

      const listed = await bucketOf(actors.userA).list(`${idOf(actors.userA)}/${policyId}`);
      expect(listed.error).toBeNull();
      expect(listed.data?.map((f) => f.name)).toContain(doc.id);
      expect(listed.data?.find((f) => f.name === doc.id)?.metadata).toMatchObject({
        size: bytes.length,
        mimetype: 'application/pdf',
      });
      const folders = await bucketOf(actors.userA).list(idOf(actors.userA));
      expect(folders.data).toContainEqual(expect.objectContaining({ name: policyId, id: null }));

      const signed = await bucketOf(actors.userA).createSignedUrl(doc.path, 60);
      expect(signed.error).toBeNull();
      const signedUrl = signed.data?.signedUrl ?? '';
      const viaUrl = await fetch(signedUrl);
      expect(viaUrl.status).toBe(200);
      expect(Buffer.from(await viaUrl.arrayBuffer())).toEqual(bytes);
      const many = await bucketOf(actors.userA).createSignedUrls([doc.path, `${doc.path}x`], 60);
      expect(many.data?.map((m) => m.error)).toEqual([
        null,
        'Either the object does not exist or you do not have access to it',
      ]);

      const removed = await bucketOf(actors.userA).remove([doc.path]);
      expect(removed.error).toBeNull();
      expect(removed.data?.map((o) => o.name)).toEqual([doc.path]);
      const gone = await bucketOf(actors.userA).download(doc.path);
      expect(storageFailure(gone.error)).toMatchObject({
        status: 400,
        statusCode: '404',
        message: 'Object not found',
      });
      const stillSigned = await fetch(signedUrl);
      expect(stillSigned.status).toBe(400);
    });

    it('uploads a photo as a Blob (multipart) and replaces it only when asked to', async () => {
      const doc = await addDocument(actors.userA.client, idOf(actors.userA), policyId, {
        name: 'Front.jpg',
        mime_type: 'image/jpeg',
      });
      const first = new Blob([Buffer.from('first photo')], { type: 'image/jpeg' });
      expect((await bucketOf(actors.userA).upload(doc.path, first)).error).toBeNull();

      const again = await bucketOf(actors.userA).upload(doc.path, first);
      expect(storageFailure(again.error)).toMatchObject({
        statusCode: '409',
        message: 'The resource already exists',
      });

      const second = new Blob([Buffer.from('second photo')], { type: 'image/jpeg' });
      const before = filesOnDisk().length;
      expect(
        (await bucketOf(actors.userA).upload(doc.path, second, { upsert: true })).error,
      ).toBeNull();
      expect(await (await bucketOf(actors.userA).download(doc.path)).data?.text()).toBe(
        'second photo',
      );
      const third = new Blob([Buffer.from('third photo')], { type: 'image/jpeg' });
      expect((await bucketOf(actors.userA).update(doc.path, third)).error).toBeNull();
      expect(await (await bucketOf(actors.userA).download(doc.path)).data?.text()).toBe(
        'third photo',
      );
      // Each replacement removed the file it replaced.
      expect(filesOnDisk().length).toBe(before);
    });
  });

  describe('everyone else', () => {
    let docPath: string;
    beforeAll(async () => {
      const doc = await addDocument(actors.userA.client, idOf(actors.userA), policyId);
      docPath = doc.path;
      const up = await bucketOf(actors.userA).upload(docPath, pdfBytes('private'), {
        contentType: 'application/pdf',
      });
      expect(up.error).toBeNull();
    });

    for (const name of ['userB', 'admin', 'anon'] as const) {
      it(`${name} cannot read, list, sign, overwrite or delete the owner's file`, async () => {
        const other = bucketOf(actors[name]);
        const read = await other.download(docPath);
        expect(storageFailure(read.error)).toMatchObject({ statusCode: '404' });
        const authenticatedUrl = await rawFetch(
          ctx.server,
          `/storage/v1/object/authenticated/${BUCKET}/${docPath}`,
          { token: await tokenOf(actors[name]) },
        );
        expect(authenticatedUrl.json).toMatchObject({ statusCode: '404', error: 'not_found' });

        const listed = await other.list(`${idOf(actors.userA)}/${policyId}`);
        expect(listed.data).toEqual([]);
        const signed = await other.createSignedUrl(docPath, 60);
        expect(storageFailure(signed.error)).toMatchObject({ statusCode: '404' });

        const overwrite = await other.upload(docPath, pdfBytes('evil'), {
          contentType: 'application/pdf',
          upsert: true,
        });
        expect(storageFailure(overwrite.error)).toMatchObject({ statusCode: '403' });
        const update = await other.update(docPath, pdfBytes('evil'), {
          contentType: 'application/pdf',
        });
        expect(storageFailure(update.error)).toMatchObject({ statusCode: '403' });

        const removed = await other.remove([docPath]);
        expect(removed.data).toEqual([]);
        const owner = await bucketOf(actors.userA).download(docPath);
        expect(await owner.data?.text()).toContain('private');
      });
    }

    it('another user cannot upload into the owner’s folders, nor park files in their own', async () => {
      const intoA = await bucketOf(actors.userB).upload(
        `${idOf(actors.userA)}/${policyId}/${uuid()}`,
        pdfBytes('x'),
        { contentType: 'application/pdf' },
      );
      expect(storageFailure(intoA.error)).toMatchObject({
        statusCode: '403',
        message: 'new row violates row-level security policy',
      });
      // Their own folder, but no document row (and A's policy): refused too.
      const parked = await bucketOf(actors.userB).upload(
        `${idOf(actors.userB)}/${policyId}/${uuid()}`,
        pdfBytes('x'),
        { contentType: 'application/pdf' },
      );
      expect(storageFailure(parked.error)).toMatchObject({ statusCode: '403' });
      expect(filesOnDisk().length).toBeGreaterThan(0);
    });

    it('a request without any key is refused at the gateway, a forged token as invalid', async () => {
      const res = await fetch(`${ctx.server.url}/storage/v1/object/${BUCKET}/${docPath}`);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ message: 'No API key found in request' });
      const forged = await rawFetch(ctx.server, `/storage/v1/object/${BUCKET}/${docPath}`, {
        token: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl',
      });
      expect(forged.status).toBe(400);
      expect(forged.json).toMatchObject({ statusCode: '400', error: 'InvalidJWT' });
    });

    it('a signed URL opens only its own path, and not after it expires', async () => {
      // A minute for the checks of its path; a second for the one of its expiry (with one
      // second for both, a loaded machine took longer than that to ask for the other path).
      const signed = await bucketOf(actors.userA).createSignedUrl(docPath, 60);
      const token = new URL(signed.data?.signedUrl ?? '').searchParams.get('token') ?? '';
      const other = await rawFetch(
        ctx.server,
        `/storage/v1/object/sign/${BUCKET}/${idOf(actors.userA)}/${policyId}/${uuid()}?token=${token}`,
      );
      expect(other.json).toMatchObject({ statusCode: '400', error: 'InvalidSignature' });
      // A signed-URL token is no API key.
      const asKey = await rawFetch(ctx.server, `/rest/v1/policies?select=id`, { token });
      expect(asKey.status).toBe(401);
      const shortLived = await bucketOf(actors.userA).createSignedUrl(docPath, 1);
      await new Promise((r) => setTimeout(r, 2100));
      const expired = await fetch(new URL(shortLived.data?.signedUrl ?? ''));
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ error: 'InvalidJWT' });
    });
  });

  describe('the service role', () => {
    it('reads every file and manages buckets; users cannot', async () => {
      const doc = await addDocument(actors.userA.client, idOf(actors.userA), policyId);
      await bucketOf(actors.userA).upload(doc.path, pdfBytes('svc'), {
        contentType: 'application/pdf',
      });
      const service = ctx.service().storage;
      expect(await (await service.from(BUCKET).download(doc.path)).data?.text()).toContain('svc');
      const bucket = await service.getBucket(BUCKET);
      expect(bucket.data).toMatchObject({
        id: BUCKET,
        public: false,
        file_size_limit: 10 * 1024 * 1024,
        allowed_mime_types: expect.arrayContaining(['application/pdf', 'image/jpeg']),
      });
      expect((await service.listBuckets()).data?.map((b) => b.id)).toContain(BUCKET);
      const name = `scratch-${uuid().slice(0, 8)}`;
      expect(
        (await service.createBucket(name, { public: false, fileSizeLimit: '1MB' })).data,
      ).toEqual({
        name,
      });
      expect((await service.getBucket(name)).data?.file_size_limit).toBe(1024 * 1024);
      expect(storageFailure((await service.createBucket(name)).error)).toMatchObject({
        statusCode: '409',
      });

      const user = actors.userA.client.storage;
      expect(storageFailure((await user.getBucket(BUCKET)).error)).toMatchObject({
        statusCode: '404',
        message: 'Bucket not found',
      });
      expect((await user.listBuckets()).data).toEqual([]);
      expect(
        storageFailure((await user.createBucket(`mine-${uuid().slice(0, 6)}`)).error),
      ).toMatchObject({
        statusCode: '403',
      });
    });
  });

  describe('limits and bad input', () => {
    it('refuses a file over 10 MB (413) and a type the bucket does not allow (415)', async () => {
      const doc = await addDocument(actors.userA.client, idOf(actors.userA), policyId);
      const before = filesOnDisk().length;
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
      const raw = await bucketOf(actors.userA).upload(doc.path, big, {
        contentType: 'application/pdf',
      });
      expect(storageFailure(raw.error)).toMatchObject({
        status: 400,
        statusCode: '413',
        message: 'The object exceeded the maximum allowed size',
      });
      const multipart = await bucketOf(actors.userA).upload(
        doc.path,
        new Blob([big], { type: 'image/jpeg' }),
      );
      expect(storageFailure(multipart.error)).toMatchObject({ statusCode: '413' });
      const text = await bucketOf(actors.userA).upload(doc.path, Buffer.from('hello'), {
        contentType: 'text/plain',
      });
      expect(storageFailure(text.error)).toMatchObject({
        statusCode: '415',
        message: 'mime type text/plain is not supported',
      });
      const html = await bucketOf(actors.userA).upload(
        doc.path,
        new Blob(['<script>'], { type: 'text/html' }),
      );
      expect(storageFailure(html.error)).toMatchObject({ statusCode: '415' });
      // Nothing half-written: no row, no file.
      expect((await bucketOf(actors.userA).download(doc.path)).error).not.toBeNull();
      expect(filesOnDisk().length).toBe(before);
    });

    it('allows 20 documents per policy and refuses the 21st', async () => {
      const policy = await addPolicy(actors.userA.client);
      for (let i = 0; i < 20; i += 1) {
        await addDocument(actors.userA.client, idOf(actors.userA), policy, {
          name: `Page ${i + 1}`,
        });
      }
      const [refused] = await push(actors.userA.client, [
        upsertOp('policy_documents', {
          id: uuid(),
          policy_id: policy,
          name: 'Page 21',
          mime_type: 'image/png',
          size: 10,
        }),
      ]);
      expect(refused).toMatchObject({ status: 'rejected', code: '23514' });
      expect(refused?.message).toBe('A policy can have at most 20 documents');
      const rest = await actors.userA.client.from('policy_documents').insert({
        policy_id: policy,
        name: 'Page 21',
        mime_type: 'image/png',
        size: 10,
      });
      expect(rest.error?.code).toBe('23514');
    });

    it('refuses traversal, NUL, over-long names and unknown buckets with Storage errors', async () => {
      const a = idOf(actors.userA);
      const upload = (name: string) =>
        bucketOf(actors.userA).upload(name, pdfBytes('t'), { contentType: 'application/pdf' });
      // fetch resolves `..` and `.` in the URL and supabase-js drops empty folders, so these
      // reach the server as other paths, which RLS refuses; nothing is stored either way.
      for (const name of [`${a}/../${idOf(actors.userB)}/x`, `${a}/${policyId}/./x`, `${a}//x`]) {
        const r = await upload(name);
        expect(['400', '403'], name).toContain(storageFailure(r.error).statusCode);
      }
      for (const name of [`${a}/${policyId}/${'a'.repeat(1100)}`, `${a}/${policyId}/\u0000`]) {
        const r = await upload(name);
        expect(storageFailure(r.error), name).toMatchObject({ statusCode: '400' });
        expect(storageFailure(r.error).message, name).toMatch(/^Invalid key/);
      }
      for (const encoded of [
        `${a}/%2e%2e/x`,
        `${a}/${policyId}/%2E/x`,
        `${a}/${policyId}/%00`,
        `${a}/%ZZ`,
        `${a}/${policyId}/%2F`,
      ]) {
        const r = await unnormalisedGet(
          `/storage/v1/object/${BUCKET}/${encoded}`,
          await tokenOf(actors.userA),
        );
        expect(r.status, encoded).toBe(400);
        expect(r.json, encoded).toMatchObject({ statusCode: '400', error: 'InvalidKey' });
      }
      const wrong = await actors.userA.client.storage
        .from('no-such-bucket')
        .upload(`${a}/x`, pdfBytes('t'), { contentType: 'application/pdf' });
      expect(storageFailure(wrong.error)).toMatchObject({
        statusCode: '404',
        message: 'Bucket not found',
      });
      const unsupported = await bucketOf(actors.userA).move(`${a}/x`, `${a}/y`);
      expect(storageFailure(unsupported.error).message).toMatch(/not implemented/);
    });
  });

  describe('cleanup', () => {
    it('removes the files of a policy deleted by its owner or by the admin, and of deleted documents', async () => {
      const a = idOf(actors.userA);
      const upload = async (policy: string) => {
        const doc = await addDocument(actors.userA.client, a, policy);
        const r = await bucketOf(actors.userA).upload(doc.path, pdfBytes(doc.id), {
          contentType: 'application/pdf',
        });
        expect(r.error).toBeNull();
        return doc;
      };
      const byOwner = await addPolicy(actors.userA.client);
      const byAdmin = await addPolicy(actors.userA.client);
      const kept = await addPolicy(actors.userA.client);
      const ownerDocs = [await upload(byOwner), await upload(byOwner)];
      const adminDoc = await upload(byAdmin);
      const keptDoc = await upload(kept);
      const loneDoc = await upload(kept);

      await push(actors.userA.client, [
        deleteOp('policies', byOwner),
        deleteOp('policy_documents', loneDoc.id),
      ]);
      const adminDelete = await actors.admin.client.from('policies').delete().eq('id', byAdmin);
      expect(adminDelete.error).toBeNull();
      const tombstoned = await ctx.server.query<{ n: number }>(
        `select count(*)::int as n from public.policy_documents
            where policy_id = any($1::uuid[]) and deleted_at is not null`,
        [`{${byOwner},${byAdmin}}`],
      );
      expect(tombstoned[0]?.n).toBe(3);

      const service = ctx.service().storage.from(BUCKET);
      for (const doc of [...ownerDocs, adminDoc, loneDoc]) {
        expect((await service.download(doc.path)).error, 'still there before').toBeNull();
      }
      const result = await ctx.server.runDocumentCleanup();
      expect(result.removed).toBeGreaterThanOrEqual(4);
      for (const doc of [...ownerDocs, adminDoc, loneDoc]) {
        expect(storageFailure((await service.download(doc.path)).error)).toMatchObject({
          statusCode: '404',
        });
      }
      expect(await (await service.download(keptDoc.path)).data?.text()).toContain(keptDoc.id);
      const orphans = await ctx.server.query<{ n: number }>(
        `select count(*)::int as n from storage.objects o where o.bucket_id = $1
             and not exists (select 1 from public.policy_documents d
                              where d.storage_path = o.name and d.deleted_at is null)`,
        [BUCKET],
      );
      expect(orphans[0]?.n).toBe(0);
      const stored = new Set(filesOnDisk());
      const versions = await ctx.server.query<{ version: string }>(
        `select version from storage.objects where bucket_id = $1`,
        [BUCKET],
      );
      expect(new Set(versions.map((v) => v.version))).toEqual(stored);

      const endpoint = await rawFetch(ctx.server, '/functions/v1/document-cleanup', {
        method: 'POST',
        token: await tokenOf(actors.userA),
      });
      expect(endpoint.status).toBe(401);
    });

    it('refuses direct deletes from storage.objects, as hosted Supabase does', async () => {
      await expect(
        ctx.server.query(`delete from storage.objects where bucket_id = $1`, [BUCKET]),
      ).rejects.toThrow(/Direct deletion from storage tables is not allowed/);
    });
  });
});

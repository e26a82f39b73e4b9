// The policy-documents bucket with sharing (issue 18): owner, viewer, editor, stranger and
// admin × read (download, list, signed URL) / upload / overwrite / remove, through the real
// supabase-js storage client on PGlite and PostgreSQL; each cell's effect is read back from
// the server. After a revoke the recipient reads nothing.
import { beforeAll, expect, it } from 'vitest';
import { forEachDatabase } from '../../helpers/server';
import { createActors, idOf } from '../rls/actors';
import type { Actor } from '../rls/actors';
import { addDocument, addPolicy, BUCKET, documentsServer, pdfBytes } from '../storage/fixtures';
import { call, share, signUpActor } from './fixtures';

type Name = 'owner' | 'viewer' | 'editor' | 'stranger' | 'admin';
type Op = 'read' | 'upload' | 'overwrite' | 'remove';
const names: readonly Name[] = ['owner', 'viewer', 'editor', 'stranger', 'admin'];
const allowed: Record<Op, readonly Name[]> = {
  read: ['owner', 'viewer', 'editor'],
  // A file comes with a new document row, which only the owner adds.
  upload: ['owner'],
  overwrite: ['owner'],
  remove: ['owner'],
};

forEachDatabase('shared policy documents in Storage', documentsServer, (ctx) => {
  let actors: Record<Name, Actor>;
  let viewerShare: string;
  beforeAll(async () => {
    const base = await createActors(ctx);
    const viewer = await signUpActor(ctx, 'Viewer');
    const editor = await signUpActor(ctx, 'Editor');
    actors = { owner: base.userA, viewer, editor, stranger: base.userB, admin: base.admin };
    viewerShare = (await share(base.userA, viewer, 'viewer')).id;
    await share(base.userA, editor, 'editor');
  });

  const bucket = (a: Actor) => a.client.storage.from(BUCKET);
  const stored = async (name: string): Promise<string | null> => {
    const rows = await ctx.server.query<{ n: number }>(
      'select count(*)::int as n from storage.objects where bucket_id = $1 and name = $2',
      [BUCKET, name],
    );
    if (rows[0]?.n === 0) return null;
    const { data } = await bucket(actors.owner).download(name);
    return data ? await data.text() : null;
  };
  /** A new policy of the owner's with a document, its file uploaded unless told otherwise. */
  const ownerDocument = async (upload = true): Promise<string> => {
    const policyId = await addPolicy(actors.owner.client);
    const doc = await addDocument(actors.owner.client, idOf(actors.owner), policyId);
    if (upload) {
      const up = await bucket(actors.owner).upload(doc.path, pdfBytes('original'), {
        contentType: 'application/pdf',
      });
      expect(up.error).toBeNull();
    }
    return doc.path;
  };

  const folderOf = (path: string): string => path.split('/').slice(0, 2).join('/');

  async function attempt(op: Op, actor: Actor): Promise<boolean> {
    if (op === 'read') {
      const path = await ownerDocument();
      const read = await bucket(actor).download(path);
      const listed = await bucket(actor).list(folderOf(path));
      const signed = await bucket(actor).createSignedUrl(path, 60);
      const all = [read.data !== null, (listed.data ?? []).length > 0, signed.data !== null];
      if (new Set(all).size !== 1) throw new Error(`read, list and sign disagree: ${all}`);
      return all[0] === true;
    }
    if (op === 'upload') {
      const path = await ownerDocument(false);
      await bucket(actor).upload(path, pdfBytes('uploaded'), { contentType: 'application/pdf' });
      return (await stored(path)) !== null;
    }
    const path = await ownerDocument();
    if (op === 'overwrite') {
      await bucket(actor).upload(path, pdfBytes('replaced'), {
        contentType: 'application/pdf',
        upsert: true,
      });
      return (await stored(path))?.includes('replaced') ?? false;
    }
    await bucket(actor).remove([path]);
    return (await stored(path)) === null;
  }

  for (const op of ['read', 'upload', 'overwrite', 'remove'] as const) {
    it(`${op}: allowed for ${allowed[op].join(', ')}`, async () => {
      const outcome: Record<string, string> = {};
      for (const name of names) {
        outcome[name] = (await attempt(op, actors[name])) ? 'allowed' : 'denied';
      }
      expect(outcome).toEqual(
        Object.fromEntries(names.map((n) => [n, allowed[op].includes(n) ? 'allowed' : 'denied'])),
      );
    });
  }

  it('after a revoke the recipient reads nothing of the policy', async () => {
    const path = await ownerDocument();
    expect((await bucket(actors.viewer).download(path)).data).not.toBeNull();
    const { error } = await call(actors.owner.client, 'revoke_share', { p_share_id: viewerShare });
    expect(error).toBeNull();
    expect((await bucket(actors.viewer).download(path)).data).toBeNull();
    expect((await bucket(actors.viewer).list(folderOf(path))).data).toEqual([]);
  });
});

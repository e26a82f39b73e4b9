// Issue 14, "silent differences from PostgREST": each of these used to answer success with
// the wrong effect. Expected behaviour is PostgREST's (src/PostgREST/Query.hs, Response.hs,
// ApiRequest/Preferences.hs; the PGRST116 message of PostgREST 13+).
import { beforeAll, expect, it } from 'vitest';
import { forEachDatabase, rawFetch, SERVER_FIXTURE_MIGRATIONS } from '../../helpers/server';

forEachDatabase(
  'security: PostgREST semantics',
  { migrationsDir: SERVER_FIXTURE_MIGRATIONS },
  (ctx) => {
    const serviceToken = () => ctx.server.serviceRoleKey;
    const count = async (where: string): Promise<number> => {
      const rows = await ctx.server.query<{ n: number }>(
        `select count(*)::int as n from authors where ${where}`,
      );
      return Number(rows[0]?.n ?? 0);
    };

    beforeAll(async () => {
      await ctx.server.query(`
        insert into authors (id, name, country, born) values
          (1, 'R. K. Narayan', 'India', 1906), (2, 'Ruskin Bond', 'India', 1934),
          (3, 'Jane Austen', 'UK', 1775);
        select setval('authors_id_seq', 100);
        insert into bookings (label, during) values ('early', '[1,5)'), ('late', '[8,12)');
      `);
    });

    it.each([
      // nxr: does not extend to the right of (&<); nxl: does not extend to the left of (&>).
      ['nxr', 'during=nxr.[0,6)', ['early']],
      ['nxl', 'during=nxl.[6,20)', ['late']],
      ['not nxr', 'during=not.nxr.[0,6)', ['late']],
      ['sl', 'during=sl.[6,7)', ['early']],
      ['sr', 'during=sr.[6,7)', ['late']],
      ['adj', 'during=adj.[5,8)', ['early', 'late']],
    ])('range operator %s matches PostgREST', async (_op, filter, labels) => {
      const res = await rawFetch(ctx.server, `/rest/v1/bookings?select=label&order=id&${filter}`, {
        token: serviceToken(),
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual(labels.map((label) => ({ label })));
    });

    it('rolls back with Prefer: tx=rollback and says so', async () => {
      const res = await rawFetch(ctx.server, '/rest/v1/authors?select=name', {
        method: 'POST',
        token: serviceToken(),
        body: JSON.stringify({ name: 'Rolled Back' }),
        headers: { Prefer: 'return=representation, tx=rollback' },
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual([{ name: 'Rolled Back' }]);
      expect(res.headers.get('preference-applied')).toBe('return=representation, tx=rollback');
      expect(await count(`name = 'Rolled Back'`)).toBe(0);
    });

    it('rolls back an update and an RPC with tx=rollback', async () => {
      const upd = await rawFetch(ctx.server, '/rest/v1/authors?id=eq.3', {
        method: 'PATCH',
        token: serviceToken(),
        body: JSON.stringify({ country: 'Nowhere' }),
        headers: { Prefer: 'tx=rollback' },
      });
      expect(upd.status).toBe(204);
      expect(upd.headers.get('preference-applied')).toBe('tx=rollback');
      expect(await count(`country = 'Nowhere'`)).toBe(0);
    });

    it('commits with tx=commit', async () => {
      const res = await rawFetch(ctx.server, '/rest/v1/authors', {
        method: 'POST',
        token: serviceToken(),
        body: JSON.stringify({ name: 'Committed' }),
        headers: { Prefer: 'tx=commit' },
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('preference-applied')).toBe('tx=commit');
      expect(await count(`name = 'Committed'`)).toBe(1);
    });

    it.each([
      ['PATCH', '/rest/v1/authors?country=eq.India', JSON.stringify({ born: 2000 })],
      ['DELETE', '/rest/v1/authors?country=eq.India', undefined],
    ])(
      'refuses a %s past handling=strict, max-affected and rolls it back',
      async (method, path, body) => {
        const res = await rawFetch(ctx.server, path, {
          method,
          token: serviceToken(),
          ...(body !== undefined ? { body } : {}),
          headers: { Prefer: 'handling=strict, max-affected=1' },
        });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({
          code: 'PGRST124',
          message: 'Query result exceeds max-affected preference constraint',
          details: 'The query affects 2 rows',
          hint: null,
        });
        expect(await count(`country = 'India' and born < 2000`)).toBe(2);
      },
    );

    it('allows a mutation within max-affected and applies the preferences', async () => {
      const res = await rawFetch(ctx.server, '/rest/v1/authors?id=eq.1', {
        method: 'PATCH',
        token: serviceToken(),
        body: JSON.stringify({ born: 1907 }),
        headers: { Prefer: 'handling=strict, max-affected=1' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('preference-applied')).toBe('handling=strict, max-affected=1');
      expect(await count('born = 1907')).toBe(1);
    });

    it('ignores max-affected without handling=strict, as PostgREST does', async () => {
      const res = await rawFetch(ctx.server, '/rest/v1/authors?country=eq.India', {
        method: 'PATCH',
        token: serviceToken(),
        body: JSON.stringify({ country: 'Bharat' }),
        headers: { Prefer: 'max-affected=1' },
      });
      expect(res.status).toBe(204);
      expect(await count(`country = 'Bharat'`)).toBe(2);
    });

    it.each([
      ['GET', '/rest/v1/authors'],
      ['POST', '/rest/v1/authors'],
      ['PATCH', '/rest/v1/authors?id=eq.1'],
      ['DELETE', '/rest/v1/authors?id=eq.999'],
      ['POST', '/rest/v1/rpc/add_numbers'],
    ])('refuses an unknown preference on %s %s with handling=strict', async (method, path) => {
      const res = await rawFetch(ctx.server, path, {
        method,
        token: serviceToken(),
        ...(method === 'GET' || method === 'DELETE'
          ? {}
          : { body: JSON.stringify(path.includes('rpc') ? { a: 1, b: 2 } : { name: 'Strict' }) }),
        headers: { Prefer: 'handling=strict, return=everything, foo=bar' },
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({
        code: 'PGRST122',
        message: 'Invalid preferences given with handling=strict',
        details: 'Invalid preferences: return=everything, foo=bar',
        hint: null,
      });
      expect(await count(`name = 'Strict'`)).toBe(0);
    });

    it('ignores an unknown preference with handling=lenient', async () => {
      const res = await rawFetch(ctx.server, '/rest/v1/authors?select=id&id=eq.3', {
        token: serviceToken(),
        headers: { Prefer: 'handling=lenient, foo=bar' },
      });
      expect(res.status).toBe(200);
      expect(res.json).toEqual([{ id: 3 }]);
      expect(res.headers.get('preference-applied')).toBe('handling=lenient');
    });

    it('answers 200 to an upsert that only updated and 201 to one that inserted', async () => {
      const upsert = (row: Record<string, unknown>) =>
        rawFetch(ctx.server, '/rest/v1/authors?on_conflict=name&select=name,born', {
          method: 'POST',
          token: serviceToken(),
          body: JSON.stringify(row),
          headers: { Prefer: 'resolution=merge-duplicates, return=representation' },
        });
      const updated = await upsert({ name: 'Jane Austen', born: 1776 });
      expect(updated.status).toBe(200);
      expect(updated.json).toEqual([{ name: 'Jane Austen', born: 1776 }]);
      expect(updated.headers.get('preference-applied')).toBe(
        'resolution=merge-duplicates, return=representation',
      );
      const inserted = await upsert({ name: 'Kalidasa', born: 400 });
      expect(inserted.status).toBe(201);
      const minimal = await rawFetch(ctx.server, '/rest/v1/authors?on_conflict=name', {
        method: 'POST',
        token: serviceToken(),
        body: JSON.stringify({ name: 'Kalidasa', born: 401 }),
        headers: { Prefer: 'resolution=merge-duplicates' },
      });
      expect(minimal.status).toBe(200);
      expect(await count('born = 401')).toBe(1);
    });

    it.each([
      ['params=single-object', 'POST', '/rest/v1/rpc/add_numbers', '{"a":1,"b":2}'],
      ['timezone=Asia/Kolkata', 'GET', '/rest/v1/authors', undefined],
      ['handling=lenient, timezone=UTC', 'GET', '/rest/v1/authors', undefined],
    ])('refuses Prefer: %s loudly instead of ignoring it', async (prefer, method, path, body) => {
      const res = await rawFetch(ctx.server, path, {
        method,
        token: serviceToken(),
        ...(body !== undefined ? { body } : {}),
        headers: { Prefer: prefer },
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({
        code: 'PGRST127',
        message: 'Feature not implemented',
        hint: null,
      });
    });

    it('answers PGRST116 with PostgREST 13 wording', async () => {
      const res = await rawFetch(ctx.server, '/rest/v1/authors?id=eq.999', {
        headers: { Accept: 'application/vnd.pgrst.object+json' },
      });
      expect(res.status).toBe(406);
      expect(res.json).toEqual({
        code: 'PGRST116',
        message: 'Cannot coerce the result to a single JSON object',
        details: 'The result contains 0 rows',
        hint: null,
      });
    });
  },
);

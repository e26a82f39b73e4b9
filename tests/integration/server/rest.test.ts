import { beforeAll, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { forEachDatabase, rawFetch, SERVER_FIXTURE_MIGRATIONS } from '../../helpers/server';

forEachDatabase('rest', { migrationsDir: SERVER_FIXTURE_MIGRATIONS }, (ctx) => {
  let sb: SupabaseClient;
  beforeAll(async () => {
    sb = ctx.anon();
    await ctx.server.query(`
      insert into authors (id, name, country, born) values
        (1, 'R. K. Narayan', 'India', 1906),
        (2, 'Ruskin Bond', 'India', 1934),
        (3, 'Jane Austen', 'UK', 1775),
        (4, 'Anonymous', null, null);
      select setval('authors_id_seq', 100);
      insert into books (id, title, author_id, editor_id, pages, tags, meta, published, status) values
        (1, 'Swami and Friends', 1, 2, 184, '{fiction,school}', '{"lang":"en","stars":5}', '1935-01-01', 'published'),
        (2, 'The Guide', 1, null, 220, '{fiction}', '{"lang":"en","stars":4}', '1958-01-01', 'published'),
        (3, 'The Blue Umbrella', 2, 1, 90, '{children}', null, '1980-01-01', 'draft'),
        (4, 'Emma', 3, null, 474, '{classic,romance}', '{"lang":"en"}', '1815-12-23', 'published');
      select setval('books_id_seq', 100);
      insert into genres (id, name) values (1, 'Novel'), (2, 'Children');
      insert into book_genres values (1, 1), (2, 1), (3, 2), (4, 1);
    `);
  });

  it('selects columns, aliases, casts and json paths', async () => {
    const { data, error } = await sb
      .from('books')
      .select('id, heading:title, pages::text, lang:meta->>lang')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, heading: 'Swami and Friends', pages: '184', lang: 'en' });
  });

  it.each([
    ['eq', (q: Q) => q.eq('country', 'India'), [1, 2]],
    ['neq', (q: Q) => q.neq('country', 'India'), [3]],
    ['gt', (q: Q) => q.gt('born', 1906), [2]],
    ['gte', (q: Q) => q.gte('born', 1906), [1, 2]],
    ['lt', (q: Q) => q.lt('born', 1906), [3]],
    ['lte', (q: Q) => q.lte('born', 1906), [1, 3]],
    ['like', (q: Q) => q.like('name', '%Bond'), [2]],
    ['like with *', (q: Q) => q.like('name', 'R*'), [1, 2]],
    ['ilike', (q: Q) => q.ilike('name', '%JANE%'), [3]],
    ['is null', (q: Q) => q.is('country', null), [4]],
    ['not is null', (q: Q) => q.not('country', 'is', null), [1, 2, 3]],
    ['in', (q: Q) => q.in('id', [1, 3, 99]), [1, 3]],
    ['in with quoted commas', (q: Q) => q.in('name', ['R. K. Narayan', 'a,b']), [1]],
    ['not in', (q: Q) => q.not('id', 'in', '(1,2)'), [3, 4]],
    ['or', (q: Q) => q.or('born.lt.1800,country.is.null'), [3, 4]],
    ['or with nested and', (q: Q) => q.or('id.eq.4,and(country.eq.India,born.gt.1920)'), [2, 4]],
    ['match', (q: Q) => q.match({ country: 'India', born: 1934 }), [2]],
    ['filter()', (q: Q) => q.filter('name', 'imatch', '^r'), [1, 2]],
  ])('filters with %s', async (_name, apply, ids) => {
    const { data, error } = await apply(sb.from('authors').select('id')).order('id');
    expect(error).toBeNull();
    expect((data ?? []).map((r) => (r as { id: number }).id)).toEqual(ids);
  });

  it('filters arrays and booleans with cs/cd/ov and is.true', async () => {
    const cs = await sb.from('books').select('id').contains('tags', ['fiction']).order('id');
    expect(cs.data?.map((r) => r.id)).toEqual([1, 2]);
    const ov = await sb
      .from('books')
      .select('id')
      .overlaps('tags', ['children', 'classic'])
      .order('id');
    expect(ov.data?.map((r) => r.id)).toEqual([3, 4]);
    const json = await sb.from('books').select('id').eq('meta->>lang', 'en').gte('meta->stars', 5);
    expect(json.data?.map((r) => r.id)).toEqual([1]);
    const isTrue = await rawFetch(
      ctx.server,
      '/rest/v1/authors?select=id&id=eq.1&born=not.is.null',
    );
    expect(isTrue.json).toEqual([{ id: 1 }]);
  });

  it('embeds to-one as an object and to-many as an array, with !inner and embedded filters', async () => {
    const one = await sb
      .from('books')
      .select('title, author:authors!books_author_id_fkey(name, country)')
      .eq('id', 3)
      .single();
    expect(one.error).toBeNull();
    expect(one.data).toEqual({
      title: 'The Blue Umbrella',
      author: { name: 'Ruskin Bond', country: 'India' },
    });

    const byColumn = await sb
      .from('books')
      .select('title, editor:editor_id(name)')
      .eq('id', 1)
      .single();
    expect(byColumn.data).toEqual({ title: 'Swami and Friends', editor: { name: 'Ruskin Bond' } });

    const ambiguous = await sb.from('books').select('title, authors(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');

    const many = await sb
      .from('authors')
      .select('name, books!books_author_id_fkey(title)')
      .eq('id', 1)
      .order('title', { referencedTable: 'books', ascending: false })
      .single();
    expect(many.data).toEqual({
      name: 'R. K. Narayan',
      books: [{ title: 'The Guide' }, { title: 'Swami and Friends' }],
    });

    const empty = await sb
      .from('authors')
      .select('name, books!books_author_id_fkey(title)')
      .eq('id', 4)
      .single();
    expect(empty.data).toEqual({ name: 'Anonymous', books: [] });

    const inner = await sb
      .from('authors')
      .select('id, books!books_author_id_fkey!inner(title)')
      .eq('books.status', 'draft');
    expect(inner.error).toBeNull();
    expect(inner.data).toEqual([{ id: 2, books: [{ title: 'The Blue Umbrella' }] }]);

    const filteredNotInner = await sb
      .from('authors')
      .select('id, books!books_author_id_fkey(title)')
      .eq('books.status', 'draft')
      .in('id', [1, 2])
      .order('id');
    expect(filteredNotInner.data).toEqual([
      { id: 1, books: [] },
      { id: 2, books: [{ title: 'The Blue Umbrella' }] },
    ]);

    const m2m = await sb.from('genres').select('name, books(id)').eq('id', 2).single();
    expect(m2m.data).toEqual({ name: 'Children', books: [{ id: 3 }] });

    const nested = await sb
      .from('book_genres')
      .select('book:books(title, author:authors!books_author_id_fkey(name)), genre:genres(name)')
      .eq('book_id', 4)
      .single();
    expect(nested.data).toEqual({
      book: { title: 'Emma', author: { name: 'Jane Austen' } },
      genre: { name: 'Novel' },
    });

    const missing = await sb.from('books').select('title, nothing(*)');
    expect(missing.status).toBe(400);
    expect(missing.error?.code).toBe('PGRST200');
  });

  it('orders by several columns with nulls placement, and pages with limit, offset and range', async () => {
    const ordered = await sb
      .from('authors')
      .select('id')
      .order('country', { ascending: true, nullsFirst: true })
      .order('born', { ascending: false });
    expect(ordered.data?.map((r) => r.id)).toEqual([4, 2, 1, 3]);
    const nullsLast = await sb
      .from('authors')
      .select('id')
      .order('born', { ascending: false, nullsFirst: false });
    expect(nullsLast.data?.map((r) => r.id)).toEqual([2, 1, 3, 4]);
    const page = await sb.from('authors').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(page.data?.map((r) => r.id)).toEqual([2, 3]);
    expect(page.count).toBe(4);
    const limited = await sb.from('authors').select('id').order('id').limit(1);
    expect(limited.data).toEqual([{ id: 1 }]);
    const raw = await rawFetch(ctx.server, '/rest/v1/authors?select=id&order=id', {
      headers: { Range: '2-3', 'Range-Unit': 'items', Prefer: 'count=exact' },
    });
    expect(raw.json).toEqual([{ id: 3 }, { id: 4 }]);
    expect(raw.headers.get('content-range')).toBe('2-3/4');
    const plain = await rawFetch(ctx.server, '/rest/v1/authors?select=id&order=id&limit=2');
    expect(plain.headers.get('content-range')).toBe('0-1/*');
  });

  it('counts exactly, including head requests and empty results', async () => {
    const head = await sb
      .from('authors')
      .select('*', { count: 'exact', head: true })
      .eq('country', 'India');
    expect(head.error).toBeNull();
    expect(head.count).toBe(2);
    expect(head.data).toBeNull();
    const none = await rawFetch(ctx.server, '/rest/v1/authors?id=eq.999', {
      headers: { Prefer: 'count=exact' },
    });
    expect(none.headers.get('content-range')).toBe('*/0');
    expect(none.json).toEqual([]);
  });

  it('returns one object for single() and PostgREST errors for zero or many rows', async () => {
    const zero = await sb.from('authors').select('id').eq('id', 999).single();
    expect(zero.status).toBe(406);
    expect(zero.error).toMatchObject({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
    });
    const many = await sb.from('authors').select('id').eq('country', 'India').single();
    expect(many.error?.details).toBe('The result contains 2 rows');
    const maybeNone = await sb.from('authors').select('id').eq('id', 999).maybeSingle();
    expect(maybeNone.error).toBeNull();
    expect(maybeNone.data).toBeNull();
    const maybeOne = await sb.from('authors').select('id').eq('id', 2).maybeSingle();
    expect(maybeOne.data).toEqual({ id: 2 });
  });

  it('inserts, bulk inserts, updates and deletes with representation or minimal returns', async () => {
    const one = await sb
      .from('authors')
      .insert({ name: 'Premchand', country: 'India' })
      .select()
      .single();
    expect(one.status).toBe(201);
    expect(one.data).toMatchObject({ name: 'Premchand', country: 'India', born: null });
    const minimal = await sb.from('authors').insert({ name: 'Tagore' });
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const bulk = await sb
      .from('authors')
      .insert([{ name: 'Bulk A', born: 1900 }, { name: 'Bulk B' }])
      .select('name, born');
    expect(bulk.data).toEqual([
      { name: 'Bulk A', born: 1900 },
      { name: 'Bulk B', born: null },
    ]);
    const upd = await sb
      .from('authors')
      .update({ country: 'Bharat' })
      .like('name', 'Bulk%')
      .select('name, country');
    expect(upd.status).toBe(200);
    expect(upd.data).toHaveLength(2);
    expect(upd.data?.every((r) => r.country === 'Bharat')).toBe(true);
    const updMinimal = await sb.from('authors').update({ born: 1901 }).eq('name', 'Bulk A');
    expect(updMinimal.status).toBe(204);
    const del = await sb.from('authors').delete().like('name', 'Bulk%').select('name');
    expect(del.data?.map((r) => r.name).sort()).toEqual(['Bulk A', 'Bulk B']);
    const delMinimal = await sb
      .from('authors')
      .delete({ count: 'exact' })
      .in('name', ['Premchand', 'Tagore']);
    expect(delMinimal.status).toBe(204);
    expect(delMinimal.count).toBe(2);
  });

  it('uses column defaults for missing keys with missing=default', async () => {
    const res = await sb
      .from('books')
      .insert([{ title: 'Default status' }, { title: 'Given status', status: 'published' }], {
        defaultToNull: false,
      })
      .select('title, status, tags')
      .order('title');
    expect(res.error).toBeNull();
    expect(res.data).toEqual(
      expect.arrayContaining([
        { title: 'Default status', status: 'draft', tags: [] },
        { title: 'Given status', status: 'published', tags: [] },
      ]),
    );
    const nulls = await sb.from('books').insert([{ title: 'A' }, { title: 'B', status: 'x' }]);
    expect(nulls.status).toBe(400);
    expect(nulls.error?.code).toBe('23502');
  });

  it('upserts with on_conflict, merging or ignoring duplicates', async () => {
    const merged = await sb
      .from('authors')
      .upsert(
        [
          { name: 'Ruskin Bond', country: 'IN' },
          { name: 'Vikram Seth', country: 'India' },
        ],
        { onConflict: 'name' },
      )
      .select('name, country')
      .order('name');
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([
      { name: 'Ruskin Bond', country: 'IN' },
      { name: 'Vikram Seth', country: 'India' },
    ]);
    const ignored = await sb
      .from('authors')
      .upsert(
        { name: 'Ruskin Bond', country: 'ignored' },
        { onConflict: 'name', ignoreDuplicates: true },
      )
      .select('name');
    expect(ignored.data).toEqual([]);
    const byPk = await sb
      .from('authors')
      .upsert({ id: 2, name: 'Ruskin Bond', country: 'India' })
      .select('id, country');
    expect(byPk.data).toEqual([{ id: 2, country: 'India' }]);
  });

  it('calls RPCs by POST and GET, scalar, set-returning and void', async () => {
    const sum = await sb.rpc('add_numbers', { a: 2, b: 40 });
    expect(sum.data).toBe(42);
    const set = await sb.rpc('authors_born_after', { year: 1900 }).select('name').order('born');
    expect(set.data).toEqual([{ name: 'R. K. Narayan' }, { name: 'Ruskin Bond' }]);
    const viaGet = await sb.rpc('add_numbers', { a: 1, b: 1 }, { get: true });
    expect(viaGet.data).toBe(2);
    const filtered = await sb
      .rpc('authors_born_after', { year: 1900 })
      .eq('name', 'Ruskin Bond')
      .single();
    expect(filtered.data).toMatchObject({ name: 'Ruskin Bond' });
    const voided = await sb.rpc('touch_nothing');
    expect(voided.error).toBeNull();
    const missing = await sb.rpc('no_such_function', { x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST202');
    const raised = await sb.rpc('fail_loudly', { msg: 'nope' });
    expect(raised.status).toBe(400);
    expect(raised.error).toMatchObject({
      code: 'P0001',
      message: 'nope',
      hint: 'raised on purpose',
    });
  });

  it('runs each request as the JWT role so RLS decides, with 401 for anon and 403 for users', async () => {
    const who = await sb.rpc('whoami');
    expect(who.data).toEqual({ uid: null, role: 'anon', email: null });
    const anonInsert = await sb
      .from('notes')
      .insert({ body: 'hi', user_id: '00000000-0000-0000-0000-000000000000' });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error?.code).toBe('42501');

    const alice = ctx.anon();
    const bob = ctx.anon();
    const a = await alice.auth.signUp({
      email: `alice-${Date.now()}@example.com`,
      password: 'secret1',
    });
    await bob.auth.signUp({ email: `bob-${Date.now()}@example.com`, password: 'secret1' });
    const me = await alice.rpc('whoami');
    expect(me.data).toMatchObject({ uid: a.data.user?.id, role: 'authenticated' });
    const note = await alice.from('notes').insert({ body: 'mine' }).select().single();
    expect(note.error).toBeNull();
    expect(note.data?.user_id).toBe(a.data.user?.id);
    expect((await bob.from('notes').select('*')).data).toEqual([]);
    const bobDelete = await bob.from('notes').delete().eq('id', note.data?.id).select();
    expect(bobDelete.data).toEqual([]);
    const bobSpoof = await bob.from('notes').insert({ body: 'x', user_id: a.data.user?.id });
    expect(bobSpoof.status).toBe(403);
    expect(bobSpoof.error?.code).toBe('42501');
    const readOnly = await alice.from('announcements').insert({ body: 'x' });
    expect(readOnly.status).toBe(403);
    expect((await alice.from('notes').select('body')).data).toEqual([{ body: 'mine' }]);
    // The service role bypasses RLS.
    const all = await ctx.service().from('notes').select('body');
    expect(all.data?.length).toBeGreaterThanOrEqual(1);
  });

  it('upserts people-like rows per user on a composite conflict target', async () => {
    const u = ctx.anon();
    await u.auth.signUp({ email: `members-${Date.now()}@example.com`, password: 'secret1' });
    const first = await u
      .from('members')
      .upsert([{ name: 'Asha', relationship: 'Spouse' }], { onConflict: 'user_id,name' })
      .select('id, name');
    expect(first.error).toBeNull();
    const again = await u
      .from('members')
      .upsert(
        [
          { name: 'Asha', relationship: 'Wife' },
          { name: 'Ravi', relationship: 'Son' },
        ],
        { onConflict: 'user_id,name' },
      )
      .select('id, name, relationship')
      .order('name');
    expect(again.error).toBeNull();
    expect(again.data?.[0]).toMatchObject({ id: first.data?.[0]?.id, relationship: 'Wife' });
    expect(again.data).toHaveLength(2);
  });

  it('maps constraint errors to PostgREST statuses', async () => {
    const dup = await sb.from('authors').insert({ name: 'Jane Austen' });
    expect(dup.status).toBe(409);
    expect(dup.error?.code).toBe('23505');
    const fk = await sb.from('books').insert({ title: 'Orphan', author_id: 999 });
    expect(fk.status).toBe(409);
    expect(fk.error?.code).toBe('23503');
    const fkDelete = await sb.from('authors').delete().eq('id', 2);
    expect(fkDelete.status).toBe(409);
    const notNull = await sb.from('authors').insert({ country: 'x' });
    expect(notNull.status).toBe(400);
    expect(notNull.error?.code).toBe('23502');
    const check = await sb.from('books').insert({ title: 'Short', pages: 0 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const badType = await sb.from('authors').select('id').eq('born', 'abc');
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe('22P02');
    const unknownTable = await sb.from('nope').select('*');
    expect(unknownTable.status).toBe(404);
    expect(unknownTable.error?.code).toBe('PGRST205');
    const unknownColumn = await sb.from('authors').select('id, nope');
    expect(unknownColumn.status).toBe(400);
    expect(unknownColumn.error?.code).toBe('42703');
    const unknownPayloadColumn = await sb.from('authors').insert({ name: 'x', nope: 1 });
    expect(unknownPayloadColumn.status).toBe(400);
    expect(unknownPayloadColumn.error?.code).toBe('PGRST204');
    for (const e of [dup.error, fk.error, badType.error, unknownTable.error]) {
      expect(Object.keys(e ?? {}).sort()).toEqual(['code', 'details', 'hint', 'message']);
    }
  });

  it('answers CORS preflights for any origin', async () => {
    const res = await fetch(`${ctx.server.url}/rest/v1/authors`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'apikey, authorization, content-type, prefer, x-client-info',
      },
    });
    expect(res.status).toBe(204);
    // As Supabase's gateway: any origin, never with credentials.
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('access-control-allow-headers')).toContain('prefer');
    const get = await fetch(`${ctx.server.url}/rest/v1/authors?select=id&limit=1`, {
      headers: { Origin: 'http://localhost:4173', apikey: ctx.server.anonKey },
    });
    expect(get.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });
});

// The query builder type is long; the filter table only needs these methods.
type Q = ReturnType<ReturnType<SupabaseClient['from']>['select']>;

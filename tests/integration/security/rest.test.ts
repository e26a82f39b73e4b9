// Issue 14, items 3 and 5 (REST part): nothing from a request is pasted into SQL, and no
// malformed request answers 500. Each attempt runs as the anonymous visitor and as a signed-in
// user; the answer must be a PostgREST-shaped error (or, for a bound value, an empty result) and
// must never carry another user's rows or anything read from the catalogues.
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { forEachDatabase, rawFetch } from '../../helpers/server';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createActors, idOf } from '../rls/actors';
import type { Actors } from '../rls/actors';
import { GLOBAL_TYPES, insertAsOwner } from '../rls/fixtures';
import { uuid } from '../rls/actors';

const SECRET = 'SECRET-B-7d1f';

interface Attempt {
  position: string;
  method?: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** 'error': a 4xx PostgREST error; 'empty': the value was bound, so nothing matches. */
  expect: 'error' | 'empty';
}

const q = encodeURIComponent;
const PG_USER = 'union select usename from pg_user';

const attempts: Attempt[] = [
  {
    position: 'cast with spaces (union)',
    path: `/rest/v1/policy_types?select=${q(`name::text as x from policy_types _t0 ${PG_USER} union select name`)}`,
    expect: 'error',
  },
  {
    position: 'cast with spaces (cross join)',
    path: `/rest/v1/policy_types?select=${q('name::text as x from policy_types _t0 cross join pg_class a cross join pg_class b cross join pg_class c union select name')}`,
    expect: 'error',
  },
  {
    position: 'cast closing the expression',
    path: `/rest/v1/policy_types?select=${q(`name::text) as x from pg_user--`)}`,
    expect: 'error',
  },
  {
    position: 'cast with a quote',
    path: `/rest/v1/policy_types?select=${q(`name::"text" ${PG_USER}`)}`,
    expect: 'error',
  },
  {
    position: 'cast with a semicolon',
    path: `/rest/v1/policy_types?select=${q('name::text;select 1')}`,
    expect: 'error',
  },
  {
    position: 'cast to an array with a union',
    path: `/rest/v1/policy_types?select=${q(`name::text[] ${PG_USER}`)}`,
    expect: 'error',
  },
  {
    position: 'cast inside an embed',
    path: `/rest/v1/policy_types?select=${q(`id,policies(id::text ${PG_USER})`)}`,
    expect: 'error',
  },
  {
    position: 'quoted column',
    path: `/rest/v1/policy_types?select=${q(`"name"" from pg_user--"`)}`,
    expect: 'error',
  },
  {
    position: 'alias',
    path: `/rest/v1/policy_types?select=${q(`"x"" ${PG_USER}--":name`)}`,
    expect: 'error',
  },
  {
    position: 'json path key',
    path: `/rest/v1/policy_types?select=${q(`name->>'a') ${PG_USER}--`)}`,
    expect: 'error',
  },
  {
    position: 'json path index',
    path: `/rest/v1/policy_types?select=${q('name->1) from pg_user--')}`,
    expect: 'error',
  },
  {
    position: 'order column',
    path: `/rest/v1/policy_types?order=${q('name;select 1')}`,
    expect: 'error',
  },
  {
    position: 'order subquery',
    path: `/rest/v1/policy_types?order=${q('(select usename from pg_user).desc')}`,
    expect: 'error',
  },
  {
    position: 'order direction',
    path: `/rest/v1/policy_types?order=${q('name.desc;drop table x')}`,
    expect: 'error',
  },
  {
    position: 'filter column',
    path: `/rest/v1/policy_types?${q(`name) ${PG_USER}--`)}=eq.x`,
    expect: 'error',
  },
  {
    position: 'filter value',
    path: `/rest/v1/policy_types?name=eq.${q(`x' or '1'='1`)}`,
    expect: 'empty',
  },
  {
    position: 'in list value',
    path: `/rest/v1/policy_types?name=in.${q(`(x' or '1'='1,"y') or true--")`)}`,
    expect: 'empty',
  },
  {
    position: 'like pattern',
    path: `/rest/v1/policy_types?name=like.${q(`x' ${PG_USER}--`)}`,
    expect: 'empty',
  },
  {
    position: 'logic tree',
    path: `/rest/v1/policy_types?or=${q('(name.eq.x,id.eq.1) or true--)')}`,
    expect: 'error',
  },
  {
    position: 'logic tree column',
    path: `/rest/v1/policy_types?or=${q(`(name) ${PG_USER}--.eq.x)`)}`,
    expect: 'error',
  },
  {
    position: 'full-text language',
    path: `/rest/v1/policy_types?name=${q(`fts(english'::regconfig ${PG_USER}--).x`)}`,
    expect: 'error',
  },
  {
    position: 'full-text language (unknown)',
    path: `/rest/v1/policy_types?name=${q('fts(nolanguage).x')}`,
    expect: 'error',
  },
  {
    position: 'limit',
    path: `/rest/v1/policy_types?limit=${q('1;select 1')}`,
    expect: 'error',
  },
  {
    position: 'offset',
    path: `/rest/v1/policy_types?offset=${q('1 union select 1')}`,
    expect: 'error',
  },
  {
    position: 'embed name',
    path: `/rest/v1/policy_types?select=${q('*,pg_user(*)')}`,
    expect: 'error',
  },
  {
    position: 'embed hint',
    path: `/rest/v1/policy_types?select=${q('*,policies!policies_policy_type_id_fkey) or true--(*)')}`,
    expect: 'error',
  },
  {
    position: 'embed alias',
    path: `/rest/v1/policy_types?select=${q(`*,"a"" ${PG_USER}--":policies(*)`)}`,
    expect: 'error',
  },
  {
    position: 'embedded filter path',
    path: `/rest/v1/policy_types?select=*,policies(*)&${q('policies) or true--.id')}=eq.1`,
    expect: 'error',
  },
  {
    position: 'table name',
    path: `/rest/v1/${q('policy_types _t0 union select usename from pg_user--')}`,
    expect: 'error',
  },
  {
    position: 'rpc name',
    method: 'POST',
    path: `/rest/v1/rpc/${q('is_admin() union select usename from pg_user--')}`,
    body: '{}',
    expect: 'error',
  },
  {
    position: 'rpc argument name',
    method: 'POST',
    path: '/rest/v1/rpc/admin_get_user',
    body: JSON.stringify({ 'user_id := null) union select usename from pg_user--': 1 }),
    expect: 'error',
  },
  {
    position: 'rpc GET argument name',
    path: `/rest/v1/rpc/is_admin?${q('x) union select usename from pg_user--')}=1`,
    expect: 'error',
  },
  {
    position: 'on_conflict',
    method: 'POST',
    path: `/rest/v1/policy_types?on_conflict=${q('id) do update set user_id = null--')}`,
    body: JSON.stringify({ name: 'x' }),
    headers: { Prefer: 'resolution=merge-duplicates' },
    expect: 'error',
  },
  {
    position: 'columns',
    method: 'POST',
    path: `/rest/v1/policy_types?columns=${q(`name") select usename from pg_user--`)}`,
    body: JSON.stringify({ name: 'x' }),
    expect: 'error',
  },
  {
    position: 'payload key',
    method: 'POST',
    path: '/rest/v1/policy_types',
    body: JSON.stringify({ 'name") select usename from pg_user--': 'x' }),
    expect: 'error',
  },
  {
    position: 'update payload key',
    method: 'PATCH',
    path: '/rest/v1/policy_types?id=eq.00000000-0000-4000-8000-000000000000',
    body: JSON.stringify({ 'name = (select usename from pg_user limit 1)--': 'x' }),
    expect: 'error',
  },
];

function assertPostgrestError(res: { status: number; json: unknown }): void {
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.json).toEqual(
    expect.objectContaining({
      code: expect.any(String),
      message: expect.any(String),
      details: expect.toBeOneOf([expect.any(String), null]),
      hint: expect.toBeOneOf([expect.any(String), null]),
    }),
  );
}

forEachDatabase(
  'security: REST grammar injection',
  {
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    seedFile: path.resolve('supabase/seed.sql'),
  },
  (ctx) => {
    let actors: Actors;
    let userToken: string;
    beforeAll(async () => {
      actors = await createActors(ctx);
      await insertAsOwner(ctx.server, 'policies', {
        id: uuid(),
        user_id: idOf(actors.userB),
        policy_type_id: GLOBAL_TYPES.health,
        insurer_name: 'Star Health',
        policy_number: SECRET,
        start_date: '2024-01-31',
        next_renewal_date: '2025-01-31',
      });
      const session = await actors.userA.client.auth.getSession();
      userToken = session.data.session?.access_token ?? '';
      expect(userToken).not.toBe('');
    });

    const callers = ['anon', 'user'] as const;
    it.each(callers.flatMap((who) => attempts.map((a) => ({ who, ...a }))))(
      '$position as $who',
      async (a) => {
        const started = Date.now();
        const res = await rawFetch(ctx.server, a.path, {
          method: a.method ?? 'GET',
          ...(a.body !== undefined ? { body: a.body } : {}),
          ...(a.headers ? { headers: a.headers } : {}),
          ...(a.who === 'user' ? { token: userToken } : {}),
        });
        expect(res.text).not.toContain(SECRET);
        expect(res.text).not.toMatch(/"postgres"|supabase_admin|"usename"/);
        if (a.expect === 'empty') {
          expect(res.status).toBe(200);
          expect(res.json).toEqual([]);
        } else {
          assertPostgrestError(res);
        }
        // A cross join smuggled through the grammar used to hold the only connection for seconds.
        expect(Date.now() - started).toBeLessThan(2000);
      },
    );

    it('keeps an alias with a dollar sign intact in a representation', async () => {
      const res = await rawFetch(ctx.server, `/rest/v1/policy_types?select=${q('a$1:name')}`, {
        method: 'POST',
        token: userToken,
        body: JSON.stringify({ name: 'Dollar type', user_id: idOf(actors.userA) }),
        headers: { Prefer: 'return=representation' },
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual([{ a$1: 'Dollar type' }]);
    });

    it.each([
      ['int', 'name::int', 400],
      ['varchar', 'name::varchar', 200],
      ['text array', 'name::text[]', 400],
      ['double precision', 'id::double precision', 400],
      ['unknown type', 'name::nosuchtype', 400],
    ])('casts to %s the way PostgREST does', async (_name, select, status) => {
      const res = await rawFetch(ctx.server, `/rest/v1/policy_types?select=${q(select)}&limit=1`);
      expect(res.status).toBe(status);
      if (status === 200) expect(res.json).toEqual([{ name: expect.any(String) }]);
      else assertPostgrestError(res);
    });
  },
);

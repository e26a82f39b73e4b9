// Issue 14, item 5 (REST part): malformed requests answer a PostgREST-shaped 4xx, never 500,
// and none of them takes the server down (each case is followed by a health check).
import { expect, it } from 'vitest';
import { forEachDatabase, rawFetch, SERVER_FIXTURE_MIGRATIONS } from '../../helpers/server';

interface Case {
  name: string;
  method?: string;
  path: string;
  body?: string;
  headers?: Record<string, string>;
  /** The status PostgREST answers, or 'client-error' for any 4xx with PostgREST's shape. */
  status: number | 'client-error';
  code?: string;
}

const nested = (depth: number): string => {
  let tree = 'id.eq.1';
  for (let i = 0; i < depth; i++) tree = `or(${tree},id.eq.2)`;
  return `(${tree})`;
};
const manyFilters = Array.from({ length: 1500 }, () => 'id=gt.0').join('&');
const longList = `(${Array.from({ length: 2000 }, (_, i) => i).join(',')})`;
const deepBody = '['.repeat(5000) + ']'.repeat(5000);
const deepEmbed = (depth: number): string => {
  let s = 'id';
  for (let i = 0; i < depth; i++) s = `id,books!author_id(id,authors!author_id(${s}))`;
  return s;
};

const cases: Case[] = [
  { name: 'truncated percent-encoding in a table name', path: '/rest/v1/%E0%A4%A', status: 400 },
  {
    name: 'lone % in an RPC name',
    method: 'POST',
    path: '/rest/v1/rpc/%',
    body: '{}',
    status: 400,
  },
  { name: 'invalid UTF-8 in a table name', path: '/rest/v1/%C3%28', status: 'client-error' },
  { name: 'lone surrogate in a table name', path: '/rest/v1/%ED%A0%80', status: 400 },
  { name: 'NUL in a table name', path: '/rest/v1/authors%00', status: 400, code: '22021' },
  {
    name: 'NUL in a filter value',
    path: '/rest/v1/authors?name=eq.a%00b',
    status: 400,
    code: '22021',
  },
  {
    name: 'NUL in a filter column',
    path: '/rest/v1/authors?na%00me=eq.a',
    status: 400,
    code: '22021',
  },
  { name: 'NUL in select', path: '/rest/v1/authors?select=na%00me', status: 400, code: '22021' },
  {
    name: 'NUL in an RPC GET argument',
    path: '/rest/v1/rpc/add_numbers?a=1%00&b=2',
    status: 400,
    code: '22021',
  },
  {
    name: 'NUL in a JSON string',
    method: 'POST',
    path: '/rest/v1/authors',
    body: '{"name":"a\\u0000b"}',
    status: 400,
    code: '22P05',
  },
  {
    name: 'NUL in a JSON key',
    method: 'POST',
    path: '/rest/v1/authors',
    body: '{"na\\u0000me":"x"}',
    status: 400,
    code: '22P05',
  },
  {
    name: 'lone surrogate in a JSON string',
    method: 'POST',
    path: '/rest/v1/authors',
    body: '{"name":"\\ud800"}',
    status: 400,
    code: '22P02',
  },
  {
    name: 'lone surrogate in an RPC argument',
    method: 'POST',
    path: '/rest/v1/rpc/add_numbers',
    body: '{"a":"\\udc00","b":1}',
    status: 400,
    code: '22P02',
  },
  {
    name: 'NUL inside a nested JSON value of a PATCH',
    method: 'PATCH',
    path: '/rest/v1/books?id=eq.1',
    body: '{"meta":{"k":["\\u0000"]}}',
    status: 400,
    code: '22P05',
  },
  {
    name: 'garbage Prefer',
    path: '/rest/v1/authors',
    headers: { Prefer: ',,,=,=x,return=,count=,;;' },
    status: 200,
  },
  {
    name: 'very long Prefer',
    path: '/rest/v1/authors',
    headers: { Prefer: 'x='.repeat(3000) },
    status: 200,
  },
  { name: 'garbage Range', path: '/rest/v1/authors', headers: { Range: 'bytes=abc' }, status: 200 },
  { name: 'inverted Range', path: '/rest/v1/authors', headers: { Range: '5-2' }, status: 200 },
  {
    name: 'huge Range',
    path: '/rest/v1/authors',
    headers: { Range: '0-99999999999999999999999' },
    status: 'client-error',
  },
  {
    name: 'garbage Accept',
    path: '/rest/v1/authors',
    headers: { Accept: ';;;,,,' },
    status: 406,
    code: 'PGRST107',
  },
  {
    name: 'huge limit',
    path: '/rest/v1/authors?limit=99999999999999999999',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'negative limit', path: '/rest/v1/authors?limit=-1', status: 400, code: 'PGRST100' },
  {
    name: 'largest limit and offset',
    path: '/rest/v1/authors?limit=999999999&offset=999999999',
    status: 200,
  },
  { name: 'huge offset', path: '/rest/v1/authors?offset=1e400', status: 400, code: 'PGRST100' },
  {
    name: 'logic tree nested 1000 levels',
    path: `/rest/v1/authors?or=${nested(1000)}`,
    status: 400,
    code: 'PGRST100',
  },
  { name: 'logic tree nested 20 levels', path: `/rest/v1/authors?or=${nested(20)}`, status: 200 },
  {
    name: 'unbalanced logic tree',
    path: `/rest/v1/authors?or=${'('.repeat(3000)}`,
    status: 400,
    code: 'PGRST100',
  },
  { name: '1500 filters', path: `/rest/v1/authors?${manyFilters}`, status: 200 },
  { name: 'in list of 2000 values', path: `/rest/v1/authors?id=in.${longList}`, status: 200 },
  {
    name: 'embeds nested 100 levels',
    path: `/rest/v1/authors?select=${deepEmbed(50)}`,
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'embeds nested 24 levels',
    path: `/rest/v1/authors?select=${deepEmbed(12)}`,
    status: 200,
  },
  {
    name: 'JSON nested 5000 levels',
    method: 'POST',
    path: '/rest/v1/authors',
    body: deepBody,
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'JSON nested 5000 levels in an RPC argument',
    method: 'POST',
    path: '/rest/v1/rpc/add_numbers',
    body: `{"a":${deepBody},"b":1}`,
    status: 400,
    code: 'PGRST102',
  },
  {
    name: 'JSON overflowing number',
    method: 'POST',
    path: '/rest/v1/authors',
    body: '{"name":"n","born":1e400}',
    status: 400,
    code: '22003',
  },
  {
    name: 'empty select item',
    path: '/rest/v1/authors?select=id,,name',
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'unterminated quote in select',
    path: '/rest/v1/authors?select="id',
    status: 400,
    code: 'PGRST100',
  },
  { name: 'unknown method', method: 'PROPFIND', path: '/rest/v1/authors', status: 405 },
];

forEachDatabase(
  'security: malformed REST input',
  { migrationsDir: SERVER_FIXTURE_MIGRATIONS },
  (ctx) => {
    it.each(cases)('$name', async (c) => {
      const res = await rawFetch(ctx.server, c.path, {
        method: c.method ?? 'GET',
        ...(c.body !== undefined ? { body: c.body } : {}),
        ...(c.headers ? { headers: c.headers } : {}),
        token: ctx.server.serviceRoleKey,
      });
      if (c.status === 'client-error') {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      } else {
        expect(res.status).toBe(c.status);
      }
      if (res.status >= 400) {
        expect(res.json).toEqual(
          expect.objectContaining({
            code: c.code ?? expect.any(String),
            message: expect.any(String),
          }),
        );
        expect(Object.keys(res.json as object).sort()).toEqual([
          'code',
          'details',
          'hint',
          'message',
        ]);
      }
      const health = await rawFetch(ctx.server, '/rest/v1/authors?select=id&limit=1', {
        token: ctx.server.serviceRoleKey,
      });
      expect(health.status).toBe(200);
    });
  },
);

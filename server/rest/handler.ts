import type { Db, SqlParam, Tx } from '../db.ts';
import type { ApiRole } from '../keys.ts';
import type { DbFunction, Relation, SchemaCache } from '../schema.ts';
import { isRecord, parseJson } from '../http.ts';
import { apiError, ApiError, fromDbError } from './errors.ts';
import {
  Ctx,
  Params,
  conditionSql,
  getRelation,
  orderSql,
  pagingSql,
  projection,
  qi,
} from './build.ts';
import { parseQuery } from './parse.ts';
import type { ParsedQuery } from './parse.ts';

export interface RestRequest {
  method: string;
  /** path below /rest/v1, without leading slash, e.g. "news" or "rpc/is_admin" */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | undefined>;
  body: string;
  role: ApiRole;
  claims: Record<string, unknown>;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Prefer {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  stripNulls: boolean;
}

function parsePrefer(h: string | undefined): Prefer {
  const p: Prefer = {
    return: null,
    count: false,
    resolution: null,
    missingDefault: false,
    stripNulls: false,
  };
  for (const part of (h ?? '').split(',')) {
    const [k = '', v = ''] = part
      .trim()
      .split('=')
      .map((s) => s.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only'))
      p.return = v;
    if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) p.count = true;
    if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates'))
      p.resolution = v;
    if (k === 'missing' && v === 'default') p.missingDefault = true;
  }
  return p;
}

interface AcceptInfo {
  single: boolean;
  stripNulls: boolean;
}

function parseAccept(h: string | undefined): AcceptInfo {
  const a = (h ?? '').toLowerCase();
  const single = a.includes('application/vnd.pgrst.object');
  if (
    a !== '' &&
    !single &&
    !a.includes('application/json') &&
    !a.includes('application/vnd.pgrst.array') &&
    !a.includes('*/*')
  ) {
    throw apiError(406, 'PGRST107', `None of these media types are available: ${h ?? ''}`);
  }
  return { single, stripNulls: a.includes('nulls=stripped') };
}

function parseRange(h: string | undefined): { offset: number; limit: number | null } | null {
  if (!h) return null;
  const m = /^\s*(\d+)-(\d*)\s*$/.exec(h);
  if (!m) return null;
  const from = Number(m[1]);
  const to = m[2] === '' || m[2] === undefined ? null : Number(m[2]);
  if (to !== null && to < from) return null;
  return { offset: from, limit: to === null ? null : to - from + 1 };
}

function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n === 0 ? `*/${t}` : `${offset}-${offset + n - 1}/${t}`;
}

const SINGLE_ERROR = 'JSON object requested, multiple (or no) rows returned';

function singleError(n: number): ApiError {
  return apiError(406, 'PGRST116', SINGLE_ERROR, `The result contains ${n} rows`);
}

interface Aggregated {
  body: string;
  n: number;
  one: string | null;
}

function aggregateSql(inner: string, stripNulls: boolean): string {
  const row = stripNulls ? 'json_strip_nulls(row_to_json(_r))' : 'row_to_json(_r)';
  return `select coalesce(json_agg(${row}), '[]'::json)::text as body, count(*)::int as n,
    (case when count(*) = 1 then (json_agg(${row}) -> 0)::text end) as one from (${inner}) _r`;
}

async function runAggregate(tx: Tx, sql: string, params: SqlParam[]): Promise<Aggregated> {
  const r = await tx.query<{ body: string; n: number; one: string | null }>(sql, params);
  const row = r.rows[0];
  return { body: row?.body ?? '[]', n: Number(row?.n ?? 0), one: row?.one ?? null };
}

function rootWhere(
  ctx: Ctx,
  rel: Relation | null,
  q: ParsedQuery,
  alias: string,
  extra: string[],
): string {
  const root = q.nodes.get('');
  const conds = [
    ...(root?.conditions ?? []).map((c) => conditionSql(ctx, alias, rel, c)),
    ...extra,
  ];
  return conds.length ? ` where ${conds.join(' and ')}` : '';
}

function checkEmbedPaths(q: ParsedQuery): void {
  // Filters on embeds that the select does not contain are a client bug worth surfacing.
  const known = new Set<string>(['']);
  const walk = (items: ParsedQuery['select'], prefix: string): void => {
    for (const it of items) {
      if (it.kind !== 'embed') continue;
      const p = prefix === '' ? (it.alias ?? it.name) : `${prefix}.${it.alias ?? it.name}`;
      known.add(p);
      walk(it.select, p);
    }
  };
  walk(q.select, '');
  for (const path of q.nodes.keys()) {
    if (!known.has(path)) {
      throw apiError(
        400,
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      );
    }
  }
}

export class RestHandler {
  constructor(
    private readonly db: Db,
    private readonly getSchema: () => SchemaCache,
  ) {}

  async handle(req: RestRequest): Promise<RestResponse> {
    const isAnon = req.role === 'anon';
    try {
      return await this.dispatch(req);
    } catch (e) {
      const err = fromDbError(e, isAnon);
      return {
        status: err.status,
        headers: { 'Content-Type': 'application/json; charset=utf-8', ...err.headers },
        body: JSON.stringify(err.body),
      };
    }
  }

  private async dispatch(req: RestRequest): Promise<RestResponse> {
    const profile = req.headers['accept-profile'] ?? req.headers['content-profile'];
    if (profile !== undefined && profile !== 'public') {
      throw apiError(
        406,
        'PGRST106',
        'The schema must be one of the following: public',
        null,
        null,
      );
    }
    const segs = req.path.split('/').filter((s) => s !== '');
    if (segs.length === 0) {
      return json(200, { swagger: '2.0', info: { title: 'local PostgREST', version: '12' } });
    }
    if (segs[0] === 'rpc' && segs.length === 2) {
      return this.rpc(req, decodeURIComponent(segs[1] ?? ''));
    }
    if (segs.length !== 1) throw apiError(404, 'PGRST125', `Invalid path specified in request URL`);
    const table = decodeURIComponent(segs[0] ?? '');
    switch (req.method) {
      case 'GET':
      case 'HEAD':
        return this.read(req, table);
      case 'POST':
        return this.insert(req, table);
      case 'PATCH':
        return this.update(req, table);
      case 'DELETE':
        return this.remove(req, table);
      case 'PUT':
        return this.insert(req, table, true);
      default:
        throw apiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
    }
  }

  /** One transaction with the caller's role and claims, as PostgREST does per request. */
  private inRole<T>(req: RestRequest, readOnly: boolean, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      if (readOnly) await tx.query('set transaction read only');
      const claims = JSON.stringify(req.claims);
      const sub = typeof req.claims.sub === 'string' ? req.claims.sub : '';
      const email = typeof req.claims.email === 'string' ? req.claims.email : '';
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
                set_config('request.jwt.claim.email', $4, true), set_config('request.method', $5, true),
                set_config('request.path', $6, true)`,
        [req.role, claims, sub, email, req.method, `/${req.path}`],
      );
      return fn(tx);
    });
  }

  private async read(req: RestRequest, table: string): Promise<RestResponse> {
    const schema = this.getSchema();
    const rel = getRelation(schema, table);
    const q = parseQuery(req.query);
    checkEmbedPaths(q);
    const accept = parseAccept(req.headers.accept);
    const prefer = parsePrefer(req.headers.prefer);
    const root = q.nodes.get('') ?? { conditions: [], order: [], limit: null, offset: null };
    const range = parseRange(req.headers.range);
    let limit = root.limit;
    let offset = root.offset ?? 0;
    if (range) {
      offset = root.offset ?? range.offset;
      if (range.limit !== null) limit = limit === null ? range.limit : Math.min(limit, range.limit);
    }
    const ctx = new Ctx(schema, new Params(), q.nodes);
    const proj = projection(ctx, rel, '_t0', q.select, '');
    const where = rootWhere(ctx, rel, q, '_t0', proj.innerConds);
    const sql = aggregateSql(
      `select ${proj.columns} from public.${qi(rel.name)} _t0${where}${orderSql(ctx, '_t0', rel, root.order)}${pagingSql(ctx, limit, offset)}`,
      accept.stripNulls,
    );
    return this.inRole(req, true, async (tx) => {
      const agg = await runAggregate(tx, sql, ctx.params.values);
      let total: number | null = null;
      if (prefer.count) {
        const cctx = new Ctx(schema, new Params(), q.nodes);
        const cproj = projection(cctx, rel, '_t0', q.select, '');
        const cwhere = rootWhere(cctx, rel, q, '_t0', cproj.innerConds);
        const c = await tx.query<{ n: number }>(
          `select count(*)::int as n from public.${qi(rel.name)} _t0${cwhere}`,
          cctx.params.values,
        );
        total = Number(c.rows[0]?.n ?? 0);
        if (offset > 0 && offset >= total && total > 0 && agg.n === 0) {
          throw new ApiError(
            416,
            {
              code: 'PGRST103',
              message: 'Requested range not satisfiable',
              details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
              hint: null,
            },
            { 'Content-Range': `*/${total}` },
          );
        }
      }
      if (accept.single && agg.n !== 1) throw singleError(agg.n);
      const headers: Record<string, string> = {
        'Content-Type': accept.single
          ? 'application/vnd.pgrst.object+json; charset=utf-8'
          : 'application/json; charset=utf-8',
        'Content-Range': contentRange(offset, agg.n, total),
      };
      const partial = total !== null && agg.n < total;
      return {
        status: partial ? 206 : 200,
        headers,
        body: accept.single ? (agg.one ?? 'null') : agg.body,
      };
    });
  }

  private payloadColumns(rel: Relation, rows: Record<string, unknown>[], q: ParsedQuery): string[] {
    const cols: string[] = [];
    const seen = new Set<string>();
    const source = q.columns ?? rows.flatMap((r) => Object.keys(r));
    for (const c of source) {
      if (seen.has(c)) continue;
      seen.add(c);
      if (!rel.columns.has(c)) {
        throw apiError(
          400,
          'PGRST204',
          `Could not find the '${c}' column of '${rel.name}' in the schema cache`,
        );
      }
      cols.push(c);
    }
    return cols;
  }

  private parseBody(req: RestRequest): unknown {
    if (req.body.trim() === '') return {};
    const parsed = parseJson(req.body);
    if (!parsed.ok) {
      throw apiError(400, 'PGRST102', 'Empty or invalid json', null, null);
    }
    return parsed.value;
  }

  private async insert(req: RestRequest, table: string, isPut = false): Promise<RestResponse> {
    const schema = this.getSchema();
    const rel = getRelation(schema, table);
    const q = parseQuery(req.query);
    checkEmbedPaths(q);
    const accept = parseAccept(req.headers.accept);
    const prefer = parsePrefer(req.headers.prefer);
    if (isPut) prefer.resolution = 'merge-duplicates';
    const body = this.parseBody(req);
    const rows: Record<string, unknown>[] = Array.isArray(body) ? [] : [];
    if (Array.isArray(body)) {
      for (const r of body) {
        if (!isRecord(r)) throw apiError(400, 'PGRST102', 'All object keys must match', null, null);
        rows.push(r);
      }
    } else if (isRecord(body)) {
      rows.push(body);
    } else {
      throw apiError(400, 'PGRST102', 'Empty or invalid json', null, null);
    }
    const cols = this.payloadColumns(rel, rows, q);
    const target = `public.${qi(rel.name)}`;
    const returning = prefer.return === 'representation';
    let conflict = '';
    if (prefer.resolution) {
      const on = q.onConflict ?? rel.primaryKey;
      if (on.length === 0)
        throw apiError(400, 'PGRST103', `Upsert needs a primary key or on_conflict`);
      for (const c of on)
        if (!rel.columns.has(c))
          throw apiError(400, '42703', `column ${rel.name}.${c} does not exist`);
      conflict =
        prefer.resolution === 'ignore-duplicates' || cols.length === 0
          ? ` on conflict (${on.map(qi).join(', ')}) do nothing`
          : ` on conflict (${on.map(qi).join(', ')}) do update set ${cols.map((c) => `${qi(c)} = excluded.${qi(c)}`).join(', ')}`;
    }
    // Rows without a key take the column default only under missing=default; group them so
    // each statement lists exactly the keys its rows carry.
    const groups: { cols: string[]; rows: Record<string, unknown>[] }[] = [];
    if (prefer.missingDefault && rows.length > 1) {
      const byKey = new Map<string, { cols: string[]; rows: Record<string, unknown>[] }>();
      for (const r of rows) {
        const rc = cols.filter((c) => c in r);
        const k = rc.join('\u0000');
        const g = byKey.get(k) ?? { cols: rc, rows: [] };
        g.rows.push(r);
        byKey.set(k, g);
      }
      groups.push(...byKey.values());
    } else {
      groups.push({ cols, rows });
    }
    const statements = groups.map((g) => {
      const params = new Params();
      const p = params.add(JSON.stringify(g.rows));
      const insertCols = g.cols.length ? `(${g.cols.map(qi).join(', ')})` : '';
      const select = g.cols.length
        ? `select ${g.cols.map((c) => `_p.${qi(c)}`).join(', ')} from json_populate_recordset(null::${target}, ${p}::json) _p`
        : rows.length === 1
          ? 'default values'
          : `select from json_populate_recordset(null::${target}, ${p}::json) _p`;
      const sql = `insert into ${target} ${insertCols} ${select}${conflict}${returning ? ` returning ${target}.*` : ''}`;
      return { sql, params: params.values };
    });
    return this.mutate(req, rel, q, statements, { accept, prefer, created: true });
  }

  private async update(req: RestRequest, table: string): Promise<RestResponse> {
    const schema = this.getSchema();
    const rel = getRelation(schema, table);
    const q = parseQuery(req.query);
    checkEmbedPaths(q);
    const accept = parseAccept(req.headers.accept);
    const prefer = parsePrefer(req.headers.prefer);
    const body = this.parseBody(req);
    if (!isRecord(body)) throw apiError(400, 'PGRST102', 'Empty or invalid json', null, null);
    const cols = this.payloadColumns(rel, [body], q);
    const ctx = new Ctx(schema, new Params(), q.nodes);
    const target = `public.${qi(rel.name)}`;
    if (cols.length === 0) {
      // PostgREST answers an empty PATCH without touching the table.
      return {
        status: prefer.return === 'representation' ? 200 : 204,
        headers: { 'Content-Range': '*/*', 'Content-Type': 'application/json; charset=utf-8' },
        body: prefer.return === 'representation' ? '[]' : '',
      };
    }
    const p = ctx.params.add(JSON.stringify(body));
    const where = rootWhere(ctx, rel, q, '_t0', []);
    const returning = prefer.return === 'representation' ? ` returning _t0.*` : '';
    const sql = `update ${target} _t0 set ${cols.map((c) => `${qi(c)} = _p.${qi(c)}`).join(', ')} from json_populate_record(null::${target}, ${p}::json) _p${where}${returning}`;
    return this.mutate(req, rel, q, [{ sql, params: ctx.params.values }], {
      accept,
      prefer,
      created: false,
    });
  }

  private async remove(req: RestRequest, table: string): Promise<RestResponse> {
    const schema = this.getSchema();
    const rel = getRelation(schema, table);
    const q = parseQuery(req.query);
    checkEmbedPaths(q);
    const accept = parseAccept(req.headers.accept);
    const prefer = parsePrefer(req.headers.prefer);
    const ctx = new Ctx(schema, new Params(), q.nodes);
    const where = rootWhere(ctx, rel, q, '_t0', []);
    const returning = prefer.return === 'representation' ? ` returning _t0.*` : '';
    const sql = `delete from public.${qi(rel.name)} _t0${where}${returning}`;
    return this.mutate(req, rel, q, [{ sql, params: ctx.params.values }], {
      accept,
      prefer,
      created: false,
    });
  }

  private async mutate(
    req: RestRequest,
    rel: Relation,
    q: ParsedQuery,
    statements: Statement[],
    o: { accept: { single: boolean; stripNulls: boolean }; prefer: Prefer; created: boolean },
  ): Promise<RestResponse> {
    const schema = this.getSchema();
    const representation = o.prefer.return === 'representation';
    let sql = '';
    const all = new Params();
    if (representation) {
      const ctes = statements.map((s, i) => `_m${i} as (${shiftParams(s, all)})`).join(', ');
      const union = statements.map((_, i) => `select * from _m${i}`).join(' union all ');
      const pctx = new Ctx(schema, all, q.nodes);
      const proj = projection(pctx, rel, '_t0', q.select, '');
      sql = `with ${ctes}, pgrst_source as (${union}) ${aggregateSql(
        `select ${proj.columns} from pgrst_source _t0`,
        o.accept.stripNulls,
      )}`;
    }
    return this.inRole(req, false, async (tx) => {
      let n = 0;
      let body = '';
      let one: string | null = null;
      if (representation) {
        const agg = await runAggregate(tx, sql, all.values);
        n = agg.n;
        body = agg.body;
        one = agg.one;
      } else {
        for (const s of statements) n += (await tx.query(s.sql, s.params)).rowCount;
      }
      // Throwing rolls the transaction back, as PostgREST does for a failed singular mutation.
      if (o.accept.single && n !== 1) throw singleError(n);
      const total = o.prefer.count ? String(n) : '*';
      const headers: Record<string, string> = {
        'Content-Range': o.created || n === 0 ? `*/${total}` : `0-${n - 1}/${total}`,
      };
      if (representation) {
        headers['Content-Type'] = o.accept.single
          ? 'application/vnd.pgrst.object+json; charset=utf-8'
          : 'application/json; charset=utf-8';
        return {
          status: o.created ? 201 : 200,
          headers,
          body: o.accept.single ? (one ?? 'null') : body,
        };
      }
      return { status: o.created ? 201 : 204, headers, body: '' };
    });
  }

  private resolveFunction(name: string, argNames: string[]): DbFunction {
    const fns = this.getSchema().functions.get(name) ?? [];
    const fit = fns.filter(
      (f) =>
        argNames.every((a) => f.args.some((fa) => fa.name === a)) &&
        f.args.every((fa) => fa.hasDefault || argNames.includes(fa.name)),
    );
    const chosen = fit[0];
    if (!chosen || fit.length > 1) {
      const sig = [...argNames].sort().join(', ');
      throw apiError(
        404,
        'PGRST202',
        `Could not find the function public.${name}${sig ? `(${sig})` : ' without parameters'} in the schema cache`,
        `Searched for the function public.${name} with parameter${argNames.length === 1 ? '' : 's'} ${sig || 'none'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
        null,
      );
    }
    return chosen;
  }

  private async rpc(req: RestRequest, name: string): Promise<RestResponse> {
    if (!['GET', 'HEAD', 'POST'].includes(req.method)) {
      throw apiError(405, 'PGRST101', 'Only GET, HEAD and POST requests are allowed for RPC');
    }
    const schema = this.getSchema();
    const candidates = schema.functions.get(name) ?? [];
    const args = new Map<string, unknown>();
    let q: ParsedQuery;
    if (req.method === 'POST') {
      q = parseQuery(req.query);
      const body = this.parseBody(req);
      if (!isRecord(body)) throw apiError(400, 'PGRST102', 'Empty or invalid json', null, null);
      for (const [k, v] of Object.entries(body)) args.set(k, v);
    } else {
      const argNames = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)));
      q = parseQuery(req.query, { rpcArgs: argNames });
      for (const [k, v] of q.plain) args.set(k, v);
    }
    const fn = this.resolveFunction(name, [...args.keys()]);
    const accept = parseAccept(req.headers.accept);
    const prefer = parsePrefer(req.headers.prefer);
    const ctx = new Ctx(schema, new Params(), q.nodes);
    const argSql = fn.args
      .filter((a) => args.has(a.name))
      .map(
        (a) => `${qi(a.name)} := ${ctx.params.add(toSqlText(args.get(a.name), a.type))}::${a.type}`,
      )
      .join(', ');
    const call = `public.${qi(fn.name)}(${argSql})`;
    const readOnly = req.method !== 'POST';
    return this.inRole(req, readOnly, async (tx) => {
      if (fn.returnsVoid) {
        await tx.query(`select ${call}`, ctx.params.values);
        return { status: 204, headers: { 'Content-Range': '*/*' }, body: '' };
      }
      if (fn.returnsComposite || fn.returnsSet) {
        const rel = fn.returnsComposite
          ? (schema.relations.get(fn.returnType.replace(/^public\./, '')) ?? null)
          : null;
        const root = q.nodes.get('') ?? { conditions: [], order: [], limit: null, offset: null };
        if (!fn.returnsComposite) {
          const r = await tx.query<{ body: string }>(
            `select coalesce(json_agg(_v), '[]'::json)::text as body from ${call} _v`,
            ctx.params.values,
          );
          return jsonText(200, r.rows[0]?.body ?? '[]');
        }
        const proj = projection(ctx, rel, '_t0', q.select, '');
        const where = rootWhere(ctx, rel, q, '_t0', proj.innerConds);
        const sql = aggregateSql(
          `select ${proj.columns} from ${call} _t0${where}${orderSql(ctx, '_t0', rel, root.order)}${pagingSql(ctx, root.limit, root.offset)}`,
          accept.stripNulls,
        );
        const agg = await runAggregate(tx, sql, ctx.params.values);
        const offset = root.offset ?? 0;
        const headers = {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Range': contentRange(offset, agg.n, prefer.count ? agg.n : null),
        };
        if (accept.single || !fn.returnsSet) {
          if (agg.n !== 1 && fn.returnsSet) throw singleError(agg.n);
          return { status: 200, headers, body: agg.one ?? 'null' };
        }
        return { status: 200, headers, body: agg.body };
      }
      const r = await tx.query<{ body: string | null }>(
        `select to_json(${call})::text as body`,
        ctx.params.values,
      );
      return jsonText(200, r.rows[0]?.body ?? 'null');
    });
  }
}

interface Statement {
  sql: string;
  params: SqlParam[];
}

/**
 * Renumbers a self-contained statement's $n into a shared parameter list. Safe because the
 * generated SQL never contains literals: every value is a bound parameter.
 */
function shiftParams(s: Statement, into: Params): string {
  const base = into.values.length;
  into.values.push(...s.params);
  return s.sql.replace(/\$(\d+)/g, (_, d: string) => `$${Number(d) + base}`);
}

/** Arguments travel as text and are cast to the declared type by Postgres. */
function toSqlText(v: unknown, type: string): SqlParam {
  if (v === null || v === undefined) return null;
  if (type.endsWith('[]') && Array.isArray(v)) {
    const items = v.map((x) =>
      x === null
        ? 'NULL'
        : `"${String(typeof x === 'object' ? JSON.stringify(x) : x).replace(/["\\]/g, '\\$&')}"`,
    );
    return `{${items.join(',')}}`;
  }
  if (typeof v === 'object') return JSON.stringify(v);
  if (type === 'json' || type === 'jsonb') return JSON.stringify(v);
  return String(v);
}

function json(status: number, body: unknown): RestResponse {
  return jsonText(status, JSON.stringify(body));
}

function jsonText(status: number, body: string): RestResponse {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8' }, body };
}

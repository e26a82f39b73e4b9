import { callerPrologue } from '../db.ts';
import type { Db, SqlParam, Tx } from '../db.ts';
import type { ApiRole } from '../keys.ts';
import type { DbFunction, Relation, SchemaCache } from '../schema.ts';
import { isRecord } from '../http.ts';
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
import { checkMaxAffected, checkStrict, parsePrefer, preferenceApplied } from './prefer.ts';
import type { AppliedKind, Prefer } from './prefer.ts';
import { decodePathSegment, parseBodyJson, refuseNul } from './input.ts';
import type { JsonBody } from './input.ts';

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

// PostgREST 13+ (what hosted Supabase runs); 12 said 'JSON object requested, multiple (or no) rows returned'.
const SINGLE_ERROR = 'Cannot coerce the result to a single JSON object';

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

/** What the request transaction needs besides the role: how it ends and how long it may run. */
interface TxOptions {
  readOnly: boolean;
  prefer: Prefer;
}

/** Thrown to roll back a request whose answer is already known (Prefer: tx=rollback). */
class RollbackWith {
  constructor(readonly response: RestResponse) {}
}

/** A data-modifying statement; `returning` is the RETURNING list mutate() asks for. */
type Statement = (params: Params, returning: string) => string;

const EMPTY_NODE = { conditions: [], order: [], limit: null, offset: null };

export interface RestOptions {
  /** Every request's statements are cancelled after this long (SQLSTATE 57014). */
  statementTimeoutMs: number;
}

export class RestHandler {
  constructor(
    private readonly db: Db,
    private readonly getSchema: () => SchemaCache,
    private readonly options: RestOptions,
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
    refuseNul(req.query);
    const segs = req.path.split('/').filter((s) => s !== '');
    if (segs.length === 0) {
      return json(200, { swagger: '2.0', info: { title: 'local PostgREST', version: '12' } });
    }
    if (segs[0] === 'rpc' && segs.length === 2) {
      return this.rpc(req, decodePathSegment(segs[1] ?? ''));
    }
    if (segs.length !== 1) throw apiError(404, 'PGRST125', `Invalid path specified in request URL`);
    const table = decodePathSegment(segs[0] ?? '');
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

  /**
   * One transaction with the caller's role and claims, as PostgREST does per request, under
   * the statement timeout. Prefer: tx=rollback answers as usual and then rolls back, as
   * PostgREST does with db-tx-end = commit-allow-override.
   */
  private async inRole(
    req: RestRequest,
    o: TxOptions,
    fn: (tx: Tx) => Promise<RestResponse>,
  ): Promise<RestResponse> {
    const prologue = callerPrologue({
      role: req.role,
      claims: req.claims,
      method: req.method,
      path: `/${req.path}`,
    });
    try {
      return await this.db.transaction(
        async (tx) => {
          const res = await fn(tx);
          if (o.prefer.tx === 'rollback') throw new RollbackWith(res);
          return res;
        },
        {
          statementTimeoutMs: this.options.statementTimeoutMs,
          readOnly: o.readOnly,
          prologue,
        },
      );
    } catch (e) {
      if (e instanceof RollbackWith) return e.response;
      throw e;
    }
  }

  /** What every table request starts with: the relation, the query, Accept and Prefer. */
  private tableRequest(req: RestRequest, table: string) {
    const schema = this.getSchema();
    const rel = getRelation(schema, table);
    const q = parseQuery(req.query);
    checkEmbedPaths(q);
    const accept = parseAccept(req.headers.accept);
    const prefer = parsePrefer(req.headers.prefer);
    checkStrict(prefer);
    return { schema, rel, q, accept, prefer };
  }

  private async read(req: RestRequest, table: string): Promise<RestResponse> {
    const { schema, rel, q, accept, prefer } = this.tableRequest(req, table);
    const root = q.nodes.get('') ?? EMPTY_NODE;
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
    return this.inRole(req, { readOnly: true, prefer }, async (tx) => {
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
        ...applied(prefer, ['count', 'tx', 'handling']),
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

  private async insert(req: RestRequest, table: string, isPut = false): Promise<RestResponse> {
    const { rel, q, accept, prefer } = this.tableRequest(req, table);
    const body = parseBodyJson(req.body);
    const rows: Record<string, unknown>[] = [];
    if (Array.isArray(body.value)) {
      for (const r of body.value) {
        if (!isRecord(r)) throw apiError(400, 'PGRST102', 'All object keys must match', null, null);
        rows.push(r);
      }
    } else if (isRecord(body.value)) {
      rows.push(body.value);
    } else {
      throw apiError(400, 'PGRST102', 'Empty or invalid json', null, null);
    }
    const cols = this.payloadColumns(rel, rows, q);
    const resolution = isPut ? 'merge-duplicates' : prefer.resolution;
    const conflict = conflictSql(rel, q, resolution, cols);
    const countInserts = resolution === 'merge-duplicates';
    // Rows without a key take the column default only under missing=default; group them so
    // each statement lists exactly the keys its rows carry.
    const groups: { cols: string[]; indexes: number[] | null }[] = [];
    if (prefer.missing === 'default' && rows.length > 1) {
      const byKey = new Map<string, { cols: string[]; indexes: number[] }>();
      rows.forEach((r, i) => {
        const rc = cols.filter((c) => c in r);
        const k = rc.join('\u0000');
        const g = byKey.get(k) ?? { cols: rc, indexes: [] };
        g.indexes.push(i + 1);
        byKey.set(k, g);
      });
      groups.push(...byKey.values());
    } else {
      groups.push({ cols, indexes: null });
    }
    const statements = groups.map(
      (g): Statement =>
        (params, returning) =>
          insertSql(rel, body, g, { rowCount: rows.length, countInserts }, params) +
          `${conflict} returning ${returning}`,
    );
    const honoured: AppliedKind[] = isPut
      ? ['return', 'count', 'tx', 'handling']
      : [
          ...(rel.primaryKey.length > 0 || q.onConflict ? (['resolution'] as const) : []),
          'missing',
          'return',
          'count',
          'tx',
          'handling',
        ];
    return this.mutate(req, rel, q, statements, {
      accept,
      prefer,
      honoured,
      status: (_n, inserted) => {
        const minimal = prefer.return !== 'representation';
        if (isPut) return minimal ? 204 : inserted > 0 ? 201 : 200;
        return inserted === 0 && resolution === 'merge-duplicates' ? 200 : 201;
      },
      contentRange: (_n, total) => `*/${total}`,
    });
  }

  private async update(req: RestRequest, table: string): Promise<RestResponse> {
    const { schema, rel, q, accept, prefer } = this.tableRequest(req, table);
    const body = parseBodyJson(req.body);
    if (!isRecord(body.value)) throw apiError(400, 'PGRST102', 'Empty or invalid json', null, null);
    const cols = this.payloadColumns(rel, [body.value], q);
    if (cols.length === 0) {
      // PostgREST answers an empty PATCH without touching the table.
      return {
        status: prefer.return === 'representation' ? 200 : 204,
        headers: { 'Content-Range': '*/*', 'Content-Type': 'application/json; charset=utf-8' },
        body: prefer.return === 'representation' ? '[]' : '',
      };
    }
    const target = `public.${qi(rel.name)}`;
    const statement: Statement = (params, returning) => {
      const ctx = new Ctx(schema, params, q.nodes);
      const p = params.add(body.text);
      const where = rootWhere(ctx, rel, q, '_t0', []);
      return `update ${target} _t0 set ${cols.map((c) => `${qi(c)} = _p.${qi(c)}`).join(', ')} from json_populate_record(null::${target}, ${p}::json) _p${where} returning ${returning}`;
    };
    return this.mutate(req, rel, q, [statement], {
      accept,
      prefer,
      honoured: ['return', 'count', 'tx', 'missing', 'handling', 'maxAffected'],
      limitAffected: true,
      status: () => (prefer.return === 'representation' ? 200 : 204),
      contentRange: (n, total) => (n === 0 ? `*/${total}` : `0-${n - 1}/${total}`),
    });
  }

  private async remove(req: RestRequest, table: string): Promise<RestResponse> {
    const { schema, rel, q, accept, prefer } = this.tableRequest(req, table);
    const statement: Statement = (params, returning) => {
      const ctx = new Ctx(schema, params, q.nodes);
      const where = rootWhere(ctx, rel, q, '_t0', []);
      return `delete from public.${qi(rel.name)} _t0${where} returning ${returning}`;
    };
    return this.mutate(req, rel, q, [statement], {
      accept,
      prefer,
      honoured: ['return', 'count', 'tx', 'handling', 'maxAffected'],
      limitAffected: true,
      status: () => (prefer.return === 'representation' ? 200 : 204),
      contentRange: (_n, total) => `*/${total}`,
    });
  }

  /**
   * Runs the statements as data-modifying CTEs of one query that also counts the rows they
   * touched and, for upserts, how many were inserted (see INSERTED), so an upsert that only
   * updated can answer 200 as PostgREST does.
   */
  private async mutate(
    req: RestRequest,
    rel: Relation,
    q: ParsedQuery,
    statements: Statement[],
    o: {
      accept: AcceptInfo;
      prefer: Prefer;
      honoured: readonly AppliedKind[];
      limitAffected?: boolean;
      status: (n: number, inserted: number) => number;
      contentRange: (n: number, total: string) => string;
    },
  ): Promise<RestResponse> {
    const representation = o.prefer.return === 'representation';
    const params = new Params();
    // RETURNING 1 unless rows are wanted: reading them back needs SELECT rights and policies.
    const returning = representation ? '_t0.*' : '1';
    const ctes = statements.map((s, i) => `_m${i} as (${s(params, returning)})`);
    const all = statements.map((_, i) => `select * from _m${i}`).join(' union all ');
    let body = `select '[]'::text as body, count(*)::int as n, null::text as one from pgrst_source`;
    if (representation) {
      const proj = projection(new Ctx(this.getSchema(), params, q.nodes), rel, '_t0', q.select, '');
      body = aggregateSql(`select ${proj.columns} from pgrst_source _t0`, o.accept.stripNulls);
    }
    const sql = `with ${ctes.join(', ')}, pgrst_source as (${all})
      select _a.body, _a.n, _a.one, ${INSERTED} as inserted from (${body}) _a`;
    return this.inRole(req, { readOnly: false, prefer: o.prefer }, async (tx) => {
      const r = await tx.query<Aggregated & { inserted: number }>(sql, params.values);
      const row = r.rows[0];
      const n = Number(row?.n ?? 0);
      const inserted = Number(row?.inserted ?? 0);
      // Throwing rolls the transaction back, as PostgREST does for a refused mutation.
      if (o.accept.single && n !== 1) throw singleError(n);
      if (o.limitAffected) checkMaxAffected(o.prefer, n);
      const total = o.prefer.count ? String(n) : '*';
      const headers: Record<string, string> = {
        'Content-Range': o.contentRange(n, total),
        ...applied(o.prefer, o.honoured),
      };
      const status = o.status(n, inserted);
      if (!representation || status === 204) return { status, headers, body: '' };
      headers['Content-Type'] = o.accept.single
        ? 'application/vnd.pgrst.object+json; charset=utf-8'
        : 'application/json; charset=utf-8';
      return {
        status,
        headers,
        body: o.accept.single ? (row?.one ?? 'null') : (row?.body ?? '[]'),
      };
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
    let q: ParsedQuery;
    let args: RpcArgs;
    if (req.method === 'POST') {
      q = parseQuery(req.query);
      const body = parseBodyJson(req.body);
      if (!isRecord(body.value))
        throw apiError(400, 'PGRST102', 'Empty or invalid json', null, null);
      args = { kind: 'json', names: Object.keys(body.value), text: body.text };
    } else {
      const argNames = new Set(candidates.flatMap((f) => f.args.map((a) => a.name)));
      q = parseQuery(req.query, { rpcArgs: argNames });
      args = { kind: 'text', values: q.plain, names: [...q.plain.keys()] };
    }
    const fn = this.resolveFunction(name, args.names);
    const accept = parseAccept(req.headers.accept);
    const prefer = parsePrefer(req.headers.prefer);
    checkStrict(prefer);
    const ctx = new Ctx(schema, new Params(), q.nodes);
    const { source, call } = callSql(ctx, fn, args);
    const from = source ? ` from ${source}` : '';
    const lateral = source ? `${source}, lateral ` : '';
    const readOnly = req.method !== 'POST';
    const honoured: AppliedKind[] = ['count', 'tx', 'handling', 'maxAffected'];
    return this.inRole(req, { readOnly, prefer }, async (tx) => {
      const prefs = applied(prefer, honoured);
      if (fn.returnsVoid) {
        await tx.query(`select ${call}${from}`, ctx.params.values);
        return { status: 204, headers: { 'Content-Range': '*/*', ...prefs }, body: '' };
      }
      if (fn.returnsComposite || fn.returnsSet) {
        if (!fn.returnsComposite) {
          const r = await tx.query<{ body: string; n: number }>(
            `select coalesce(json_agg(_v), '[]'::json)::text as body, count(*)::int as n from ${lateral}${call} _v`,
            ctx.params.values,
          );
          checkMaxAffected(prefer, Number(r.rows[0]?.n ?? 0));
          return jsonText(200, r.rows[0]?.body ?? '[]', prefs);
        }
        const rel = schema.relations.get(fn.returnType.replace(/^public\./, '')) ?? null;
        const root = q.nodes.get('') ?? EMPTY_NODE;
        const proj = projection(ctx, rel, '_t0', q.select, '');
        const where = rootWhere(ctx, rel, q, '_t0', proj.innerConds);
        const sql = aggregateSql(
          `select ${proj.columns} from ${lateral}${call} _t0${where}${orderSql(ctx, '_t0', rel, root.order)}${pagingSql(ctx, root.limit, root.offset)}`,
          accept.stripNulls,
        );
        const agg = await runAggregate(tx, sql, ctx.params.values);
        checkMaxAffected(prefer, agg.n);
        const offset = root.offset ?? 0;
        const headers = {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Range': contentRange(offset, agg.n, prefer.count ? agg.n : null),
          ...prefs,
        };
        if (accept.single || !fn.returnsSet) {
          if (agg.n !== 1 && fn.returnsSet) throw singleError(agg.n);
          return { status: 200, headers, body: agg.one ?? 'null' };
        }
        return { status: 200, headers, body: agg.body };
      }
      const r = await tx.query<{ body: string | null }>(
        `select to_json(${call})::text as body${from}`,
        ctx.params.values,
      );
      return jsonText(200, r.rows[0]?.body ?? 'null', prefs);
    });
  }
}

function applied(p: Prefer, honoured: readonly AppliedKind[]): Record<string, string> {
  const v = preferenceApplied(p, honoured);
  return v === null ? {} : { 'Preference-Applied': v };
}

/**
 * Upserts count the rows they insert as PostgREST does (SqlFragment.addConfigPgrstInserted):
 * every candidate row adds one to a transaction-local setting, every row diverted to
 * DO UPDATE takes one away. No table column is read, so no SELECT right is needed.
 */
const COUNT_CANDIDATE = `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) + 1)::text, true) <> '0'`;
const UNCOUNT_UPDATED = `set_config('pgrst.inserted', (coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0) - 1)::text, true) <> '-1'`;
const INSERTED = `coalesce(nullif(current_setting('pgrst.inserted', true), '')::int, 0)`;

/** The ON CONFLICT clause of an upsert; every name is a schema-cache column, quoted. */
function conflictSql(
  rel: Relation,
  q: ParsedQuery,
  resolution: Prefer['resolution'],
  cols: string[],
): string {
  if (!resolution) return '';
  const on = q.onConflict ?? rel.primaryKey;
  if (on.length === 0) throw apiError(400, 'PGRST103', `Upsert needs a primary key or on_conflict`);
  for (const c of on)
    if (!rel.columns.has(c)) throw apiError(400, '42703', `column ${rel.name}.${c} does not exist`);
  const target = `(${on.map(qi).join(', ')})`;
  if (resolution === 'ignore-duplicates' || cols.length === 0)
    return ` on conflict ${target} do nothing`;
  const set = cols.map((c) => `${qi(c)} = excluded.${qi(c)}`).join(', ');
  return ` on conflict ${target} do update set ${set} where ${UNCOUNT_UPDATED}`;
}

/**
 * INSERT … SELECT from the body as sent (bound once), so Postgres reads every number exactly
 * as the client wrote it. `indexes` picks the rows of one missing=default group.
 */
function insertSql(
  rel: Relation,
  body: JsonBody,
  g: { cols: string[]; indexes: number[] | null },
  o: { rowCount: number; countInserts: boolean },
  params: Params,
): string {
  const target = `public.${qi(rel.name)}`;
  const into = `insert into ${target} as _t0`;
  if (g.cols.length === 0 && o.rowCount === 1 && !o.countInserts) return `${into} default values`;
  const p = params.add(body.text);
  const rows = Array.isArray(body.value) ? `${p}::json` : `json_build_array(${p}::json)`;
  const conds: string[] = [];
  if (g.indexes) conds.push(`_e.i = any(${params.add(`{${g.indexes.join(',')}}`)}::int[])`);
  if (o.countInserts) conds.push(COUNT_CANDIDATE);
  const where = conds.length ? ` where ${conds.join(' and ')}` : '';
  const list = g.cols.map((c) => `_p.${qi(c)}`).join(', ');
  const columns = g.cols.length ? `(${g.cols.map(qi).join(', ')})` : '';
  return `${into} ${columns} select ${list} from json_array_elements(${rows}) with ordinality _e(v, i) cross join lateral json_populate_record(null::${target}, _e.v) _p${where} order by _e.i`;
}

type RpcArgs =
  | { kind: 'json'; names: string[]; text: string }
  | { kind: 'text'; names: string[]; values: Map<string, string> };

/**
 * The function call. A POST body is read by json_to_record with the declared argument types,
 * as PostgREST does; GET arguments are bound text cast to the declared type. Function, argument
 * and type names all come from the schema cache and are quoted where they are identifiers.
 */
function callSql(ctx: Ctx, fn: DbFunction, args: RpcArgs): { source: string | null; call: string } {
  const used = fn.args.filter((a) => args.names.includes(a.name));
  const name = `public.${qi(fn.name)}`;
  if (args.kind === 'text') {
    const list = used.map(
      (a) => `${qi(a.name)} := ${ctx.params.add(args.values.get(a.name) ?? null)}::${a.type}`,
    );
    return { source: null, call: `${name}(${list.join(', ')})` };
  }
  if (used.length === 0) return { source: null, call: `${name}()` };
  const p = ctx.params.add(args.text);
  const columns = used.map((a) => `${qi(a.name)} ${a.type}`).join(', ');
  const list = used.map((a) => `${qi(a.name)} := _a.${qi(a.name)}`);
  return {
    source: `json_to_record(${p}::json) as _a(${columns})`,
    call: `${name}(${list.join(', ')})`,
  };
}

function json(status: number, body: unknown): RestResponse {
  return jsonText(status, JSON.stringify(body));
}

function jsonText(status: number, body: string, extra: Record<string, string> = {}): RestResponse {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...extra },
    body,
  };
}

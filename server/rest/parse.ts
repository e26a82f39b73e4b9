import { apiError, parseError } from './errors.ts';
import type { ApiError } from './errors.ts';

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

export interface Field {
  column: string;
  path: JsonStep[];
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; field: Field; alias: string | null; cast: string | null }
  | {
      kind: 'embed';
      name: string;
      alias: string | null;
      hint: string | null;
      inner: boolean;
      select: SelectItem[];
    };

export const FILTER_OPS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export type Condition =
  | {
      kind: 'filter';
      field: Field;
      negate: boolean;
      op: FilterOp;
      language: string | null;
      value: string;
      list: string[] | null;
    }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Condition[] };

export interface OrderTerm {
  field: Field;
  dir: 'asc' | 'desc' | null;
  nulls: 'first' | 'last' | null;
}

/** Filters, order and paging for the root (path '') or one embedded resource path. */
export interface NodeParams {
  conditions: Condition[];
  order: OrderTerm[];
  limit: number | null;
  offset: number | null;
}

export interface ParsedQuery {
  select: SelectItem[];
  nodes: Map<string, NodeParams>;
  onConflict: string[] | null;
  columns: string[] | null;
  /** query params that were not recognised as filters (used for GET /rpc args) */
  plain: Map<string, string>;
}

/**
 * Deepest embed or logic-tree nesting accepted. PostgREST has no limit, but every level is a
 * nested subquery or expression, and Postgres' parser recursion runs out long before a URL
 * does (on PGlite that breaks the session): refuse early with a parse error instead.
 */
export const MAX_NESTING = 50;

function nestingError(what: string): ApiError {
  return parseError(what, `nesting deeper than ${MAX_NESTING} levels`);
}

const IDENT = /^[^\s.,:()!"'\->][^\s.,:()!"'>]*$/;
const CAST = /^[\p{L}\p{N}_$]+(?: +[\p{L}\p{N}_$]+)*$/u;

/** Splits on a separator at parenthesis depth 0, honouring "double quoted" parts. */
export function splitTop(input: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i] ?? '';
    if (quoted) {
      if (c === '\\' && i + 1 < input.length) {
        cur += c + (input[i + 1] ?? '');
        i++;
        continue;
      }
      if (c === '"') quoted = false;
      cur += c;
      continue;
    }
    if (c === '"') quoted = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    if (depth < 0) throw parseError('logic tree', `unexpected ")" in ${input}`);
    if (c === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else {
      cur += c;
    }
  }
  if (quoted || depth !== 0) throw parseError('logic tree', `unbalanced input: ${input}`);
  out.push(cur);
  return out;
}

function unquote(v: string): string {
  const t = v.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    return t.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return v;
}

export function parseField(raw: string, what: string): Field {
  const s = raw.trim();
  const parts = s.split(/(->>|->)/);
  const column = parts[0] ?? '';
  const quoted = /^"(?:[^"\\]|\\.)+"$/.test(column);
  if (!quoted && !IDENT.test(column))
    throw parseError(what, `unexpected "${s}" expecting field name`);
  const path: JsonStep[] = [];
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const arrow = parts[i] === '->>' ? '->>' : '->';
    const key = parts[i + 1] ?? '';
    if (key === '') throw parseError(what, `unexpected end of json path in "${s}"`);
    path.push({ arrow, key: unquote(key) });
  }
  return { column: unquote(column), path };
}

function fieldAlias(f: Field): string {
  const last = f.path[f.path.length - 1];
  return last ? last.key : f.column;
}

export function parseSelect(input: string, depth = 0): SelectItem[] {
  if (depth > MAX_NESTING) throw nestingError('select');
  const s = input.trim();
  if (s === '') return [{ kind: 'star' }];
  const items: SelectItem[] = [];
  for (const rawItem of splitTop(s)) {
    const item = rawItem.trim();
    if (item === '') throw parseError('select', `empty item in "${input}"`);
    if (item === '*') {
      items.push({ kind: 'star' });
      continue;
    }
    const paren = item.indexOf('(');
    if (paren >= 0) {
      if (!item.endsWith(')')) throw parseError('select', `unexpected "${item}"`);
      let head = item.slice(0, paren);
      const inner = item.slice(paren + 1, -1);
      let alias: string | null = null;
      const colon = head.indexOf(':');
      if (colon >= 0) {
        alias = head.slice(0, colon).trim();
        head = head.slice(colon + 1);
      }
      if (head.startsWith('...')) throw parseError('select', 'spread embeds are not supported');
      const [name = '', ...mods] = head.split('!').map((x) => x.trim());
      let hint: string | null = null;
      let isInner = false;
      for (const m of mods) {
        if (m === 'inner') isInner = true;
        else if (m === 'left') isInner = false;
        else hint = m;
      }
      if (!IDENT.test(name) || (alias !== null && !IDENT.test(alias)))
        throw parseError('select', `unexpected "${head}" expecting embedded resource name`);
      items.push({
        kind: 'embed',
        name,
        alias,
        hint,
        inner: isInner,
        select: parseSelect(inner, depth + 1),
      });
      continue;
    }
    let rest = item;
    let cast: string | null = null;
    const castAt = rest.indexOf('::');
    if (castAt >= 0) {
      cast = rest.slice(castAt + 2).trim();
      rest = rest.slice(0, castAt);
      // PostgREST's cast grammar: letters, digits, "_", "$" and spaces; build.ts decides how
      // the name reaches SQL.
      if (!CAST.test(cast))
        throw parseError('select', `unexpected "${cast}" expecting letter or digit`);
    }
    let alias: string | null = null;
    // "alias:col" — but not the "::" of a cast, handled above.
    const colon = rest.indexOf(':');
    if (colon >= 0) {
      alias = rest.slice(0, colon).trim();
      rest = rest.slice(colon + 1);
      if (!IDENT.test(alias)) throw parseError('select', `bad alias "${alias}"`);
    }
    const field = parseField(rest, 'select');
    items.push({
      kind: 'column',
      field,
      alias: alias ?? (field.path.length ? fieldAlias(field) : null),
      cast,
    });
  }
  return items;
}

function parseList(v: string): string[] {
  const t = v.trim();
  if (!t.startsWith('(') || !t.endsWith(')'))
    throw parseError('filter', `expected (list) in "${v}"`);
  const inner = t.slice(1, -1);
  if (inner.trim() === '') return [];
  return splitTop(inner).map(unquote);
}

/** Parses "op.value" / "not.op.value" as found after "col=". */
export function parseOpValue(field: Field, raw: string): Condition {
  let s = raw;
  let negate = false;
  if (s.startsWith('not.')) {
    negate = true;
    s = s.slice(4);
  }
  const dot = s.indexOf('.');
  if (dot < 0) throw parseError(`filter (${raw})`, `unexpected end of input expecting operator`);
  const opRaw = s.slice(0, dot);
  const value = s.slice(dot + 1);
  const m = /^([a-z]+)(?:\(([a-z_]+)\))?$/.exec(opRaw);
  const opName = m?.[1] ?? '';
  const op = FILTER_OPS.find((o) => o === opName);
  if (!op) throw parseError(`filter (${raw})`, `unknown operator "${opRaw}"`);
  const language = m?.[2] ?? null;
  if (language !== null && !['fts', 'plfts', 'phfts', 'wfts'].includes(op))
    throw parseError(`filter (${raw})`, `unexpected "(" after ${op}`);
  let list: string[] | null = null;
  if (op === 'in') list = parseList(value);
  if (
    op === 'is' &&
    !['null', 'true', 'false', 'unknown', 'not_null'].includes(value.toLowerCase())
  )
    throw parseError(`filter (is.${value})`, 'expecting null, true, false or unknown');
  return { kind: 'filter', field, negate, op, language, value: unquote(value), list };
}

/** Parses the body of or=(…)/and=(…): "a.eq.1,or(b.gt.2,c.is.null)". */
export function parseLogic(op: 'and' | 'or', negate: boolean, raw: string, depth = 0): Condition {
  if (depth > MAX_NESTING) throw nestingError('logic tree');
  const t = raw.trim();
  if (!t.startsWith('(') || !t.endsWith(')'))
    throw parseError('logic tree', `expected "(" in ${op}=${raw}`);
  const children: Condition[] = [];
  for (const part of splitTop(t.slice(1, -1))) {
    const p = part.trim();
    const logic = /^(not\.)?(and|or)(\(.*\))$/s.exec(p);
    if (logic) {
      children.push(
        parseLogic(
          logic[2] === 'and' ? 'and' : 'or',
          logic[1] !== undefined,
          logic[3] ?? '',
          depth + 1,
        ),
      );
      continue;
    }
    const dot = p.indexOf('.');
    if (dot <= 0) throw parseError('logic tree', `unexpected "${p}" expecting filter`);
    children.push(parseOpValue(parseField(p.slice(0, dot), 'logic tree'), p.slice(dot + 1)));
  }
  return { kind: 'logic', op, negate, children };
}

export function parseOrder(raw: string): OrderTerm[] {
  return splitTop(raw).map((term) => {
    const parts = term.trim().split('.');
    const fieldRaw = parts.shift() ?? '';
    const field = parseField(fieldRaw, `order (${raw})`);
    let dir: OrderTerm['dir'] = null;
    let nulls: OrderTerm['nulls'] = null;
    for (const p of parts) {
      if (p === 'asc' || p === 'desc') dir = p;
      else if (p === 'nullsfirst') nulls = 'first';
      else if (p === 'nullslast') nulls = 'last';
      else
        throw parseError(
          `order (${raw})`,
          `unexpected "${p}" expecting asc, desc, nullsfirst or nullslast`,
        );
    }
    return { field, dir, nulls };
  });
}

function parseNonNegInt(raw: string, what: string): number {
  if (!/^\d{1,9}$/.test(raw.trim()))
    throw apiError(
      400,
      'PGRST100',
      `"failed to parse ${what}" (line 1, column 1)`,
      `"${raw}" is not a non-negative integer`,
    );
  return Number(raw.trim());
}

function node(nodes: Map<string, NodeParams>, path: string): NodeParams {
  let n = nodes.get(path);
  if (!n) {
    n = { conditions: [], order: [], limit: null, offset: null };
    nodes.set(path, n);
  }
  return n;
}

export function parseQuery(
  params: URLSearchParams,
  opts: { rpcArgs?: Set<string> } = {},
): ParsedQuery {
  const out: ParsedQuery = {
    select: [{ kind: 'star' }],
    nodes: new Map(),
    onConflict: null,
    columns: null,
    plain: new Map(),
  };
  node(out.nodes, '');
  for (const [key, value] of params) {
    if (key === 'select') {
      out.select = parseSelect(value);
      continue;
    }
    if (key === 'on_conflict') {
      out.onConflict = value.split(',').map((c) => parseField(c, 'on_conflict').column);
      continue;
    }
    if (key === 'columns') {
      out.columns = value.split(',').map((c) => parseField(c, 'columns').column);
      continue;
    }
    if (opts.rpcArgs?.has(key)) {
      out.plain.set(key, value);
      continue;
    }
    const segs = key.split('.');
    const last = segs[segs.length - 1] ?? '';
    // "not.or" / "embed.not.and"
    const notLogic =
      segs.length >= 2 && segs[segs.length - 2] === 'not' && (last === 'or' || last === 'and');
    const pathSegs = segs.slice(0, notLogic ? -2 : -1);
    const path = pathSegs.join('.');
    if (last === 'or' || last === 'and') {
      node(out.nodes, path).conditions.push(parseLogic(last, notLogic, value));
    } else if (last === 'order') {
      node(out.nodes, path).order.push(...parseOrder(value));
    } else if (last === 'limit') {
      node(out.nodes, path).limit = parseNonNegInt(value, `limit (${value})`);
    } else if (last === 'offset') {
      node(out.nodes, path).offset = parseNonNegInt(value, `offset (${value})`);
    } else {
      // JSON paths may contain dots only inside arrows; keep "a->b" intact.
      const arrow = key.indexOf('->');
      const head = arrow >= 0 ? key.slice(0, arrow) : key;
      const dot = head.lastIndexOf('.');
      const embedPath = dot >= 0 ? head.slice(0, dot) : '';
      const fieldRaw = dot >= 0 ? key.slice(dot + 1) : key;
      node(out.nodes, embedPath).conditions.push(
        parseOpValue(parseField(fieldRaw, `filter (${key})`), value),
      );
    }
  }
  return out;
}

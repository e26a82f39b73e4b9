import type { SqlParam } from '../db.ts';
import type { ForeignKey, Relation, SchemaCache } from '../schema.ts';
import { apiError } from './errors.ts';
import type { Condition, Field, NodeParams, OrderTerm, SelectItem } from './parse.ts';

/*
 * What may reach SQL text. Everything built here and in handler.ts is one of:
 *   - a name from the schema cache (tables, columns, foreign keys, functions, argument types),
 *     quoted with qi() where it is an identifier;
 *   - a name from the request, always quoted with qi() (aliases; columns are also checked
 *     against the schema cache) or mapped through a fixed table (operators, FTS functions,
 *     order directions, JSON arrows, cast types: see castSql);
 *   - an internal alias (_t0, _t1_j, _e, _p …) or a constant fragment;
 *   - a bound parameter ($n) for every value: filter values, JSON path keys and indexes,
 *     FTS languages, limits, offsets, bodies and RPC arguments.
 * The statement timeout (db.ts) is the only number pasted, and it is the server's own.
 */
export function qi(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export class Params {
  readonly values: SqlParam[] = [];
  add(v: SqlParam): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

/** Everything one SQL statement build needs; aliases are numbered so nesting never clashes. */
export class Ctx {
  private n = 0;
  constructor(
    readonly schema: SchemaCache,
    readonly params: Params,
    readonly nodes: Map<string, NodeParams>,
  ) {}
  alias(): string {
    this.n += 1;
    return `_t${this.n}`;
  }
}

export function unknownRelation(name: string): ReturnType<typeof apiError> {
  return apiError(
    404,
    'PGRST205',
    `Could not find the table 'public.${name}' in the schema cache`,
    null,
    null,
  );
}

export function getRelation(schema: SchemaCache, name: string): Relation {
  const rel = schema.relations.get(name);
  if (!rel) throw unknownRelation(name);
  return rel;
}

function checkColumn(rel: Relation | null, column: string): void {
  if (rel && !rel.columns.has(column)) {
    throw apiError(400, '42703', `column ${rel.name}.${column} does not exist`);
  }
}

export function fieldSql(ctx: Ctx, alias: string, rel: Relation | null, f: Field): string {
  checkColumn(rel, f.column);
  let sql = `${alias}.${qi(f.column)}`;
  for (const step of f.path) {
    // Digits index JSON arrays; anything else is an object key. Both are bound parameters.
    const key = /^-?\d+$/.test(step.key)
      ? `${ctx.params.add(step.key)}::int`
      : `${ctx.params.add(step.key)}::text`;
    sql += ` ${step.arrow} ${key}`;
  }
  return sql;
}

/**
 * Type names a select may cast to, spelled as Postgres knows them. PostgREST pastes the cast;
 * here a name outside this list reaches SQL only as one quoted identifier, so Postgres looks it
 * up as a type name (42704 when there is none) and can never read it as more SQL.
 */
const CAST_TYPES = new Map<string, string>(
  [
    'bigint',
    'bool',
    'boolean',
    'bpchar',
    'bytea',
    'char',
    'character',
    'character varying',
    'date',
    'decimal',
    'double precision',
    'float',
    'float4',
    'float8',
    'int',
    'int2',
    'int4',
    'int8',
    'integer',
    'interval',
    'json',
    'jsonb',
    'money',
    'name',
    'numeric',
    'real',
    'smallint',
    'text',
    'time',
    'time with time zone',
    'time without time zone',
    'timestamp',
    'timestamp with time zone',
    'timestamp without time zone',
    'timestamptz',
    'timetz',
    'tsquery',
    'tsvector',
    'uuid',
    'varchar',
  ].map((t) => [t, t]),
);

export function castSql(cast: string): string {
  const name = cast.trim().toLowerCase().replace(/\s+/g, ' ');
  const known = CAST_TYPES.get(name);
  if (known) return known;
  if (name.includes(' '))
    throw apiError(400, '42704', `type "${cast.trim()}" does not exist`, null, null);
  return qi(name);
}

const COMPARE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  // PostgREST's SqlFragment.hs: nxr ("does not extend to the right") is &<, nxl is &>.
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
};

const FTS: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

export function conditionSql(ctx: Ctx, alias: string, rel: Relation | null, c: Condition): string {
  let sql: string;
  if (c.kind === 'logic') {
    const parts = c.children.map((ch) => conditionSql(ctx, alias, rel, ch));
    sql = parts.length === 0 ? 'true' : `(${parts.join(c.op === 'and' ? ' and ' : ' or ')})`;
  } else {
    const col = fieldSql(ctx, alias, rel, c.field);
    const cmp = COMPARE[c.op];
    const fts = FTS[c.op];
    if (cmp) {
      sql = `${col} ${cmp} ${ctx.params.add(c.value)}`;
    } else if (fts) {
      const lang = c.language ? `${ctx.params.add(c.language)}::regconfig, ` : '';
      sql = `${col} @@ ${fts}(${lang}${ctx.params.add(c.value)})`;
    } else if (c.op === 'like' || c.op === 'ilike') {
      // PostgREST accepts * as the wildcard because % is awkward in URLs.
      const pattern = c.value.replace(/\*/g, '%');
      sql = `${col}::text ${c.op === 'like' ? 'like' : 'ilike'} ${ctx.params.add(pattern)}`;
    } else if (c.op === 'is') {
      const v = c.value.toLowerCase();
      sql =
        v === 'null'
          ? `${col} is null`
          : v === 'not_null'
            ? `${col} is not null`
            : v === 'true'
              ? `${col} is true`
              : v === 'false'
                ? `${col} is false`
                : `${col} is unknown`;
    } else if (c.op === 'isdistinct') {
      sql = `${col} is distinct from ${ctx.params.add(c.value)}`;
    } else {
      const list = c.list ?? [];
      sql =
        list.length === 0
          ? 'false'
          : `${col} in (${list.map((v) => ctx.params.add(v)).join(', ')})`;
    }
  }
  return c.negate ? `not (${sql})` : sql;
}

export function orderSql(
  ctx: Ctx,
  alias: string,
  rel: Relation | null,
  terms: OrderTerm[],
): string {
  if (terms.length === 0) return '';
  const parts = terms.map((t) => {
    let s = fieldSql(ctx, alias, rel, t.field);
    if (t.dir) s += ` ${t.dir}`;
    if (t.nulls) s += ` nulls ${t.nulls}`;
    return s;
  });
  return ` order by ${parts.join(', ')}`;
}

export function pagingSql(ctx: Ctx, limit: number | null, offset: number | null): string {
  let s = '';
  if (limit !== null) s += ` limit ${ctx.params.add(limit)}`;
  if (offset !== null && offset > 0) s += ` offset ${ctx.params.add(offset)}`;
  return s;
}

type Join =
  | { kind: 'one'; fk: ForeignKey; target: Relation } // parent holds the FK
  | { kind: 'many'; fk: ForeignKey; target: Relation; unique: boolean } // child holds the FK
  | {
      kind: 'm2m';
      junction: Relation;
      toParent: ForeignKey;
      toTarget: ForeignKey;
      target: Relation;
    };

function sameCols(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

function matchesHint(fk: ForeignKey, hint: string | null): boolean {
  if (hint === null) return true;
  return fk.constraint === hint || (fk.columns.length === 1 && fk.columns[0] === hint);
}

function resolveJoin(
  schema: SchemaCache,
  parent: Relation,
  item: Extract<SelectItem, { kind: 'embed' }>,
): Join {
  const candidates: Join[] = [];
  const target = schema.relations.get(item.name);
  if (target) {
    for (const fk of schema.foreignKeys) {
      if (fk.table === parent.name && fk.refTable === target.name && matchesHint(fk, item.hint)) {
        candidates.push({ kind: 'one', fk, target });
      }
      if (
        fk.table === target.name &&
        fk.refTable === parent.name &&
        // a self-reference was already counted as to-one above
        !(fk.table === fk.refTable && candidates.some((c) => c.kind === 'one' && c.fk === fk)) &&
        matchesHint(fk, item.hint)
      ) {
        candidates.push({
          kind: 'many',
          fk,
          target,
          unique: sameCols(fk.columns, target.primaryKey),
        });
      }
    }
    if (candidates.length === 0) {
      for (const junction of schema.relations.values()) {
        if (item.hint !== null && junction.name !== item.hint) continue;
        const toParent = schema.foreignKeys.find(
          (f) => f.table === junction.name && f.refTable === parent.name,
        );
        const toTarget = schema.foreignKeys.find(
          (f) => f.table === junction.name && f.refTable === target.name && f !== toParent,
        );
        if (toParent && toTarget)
          candidates.push({ kind: 'm2m', junction, toParent, toTarget, target });
      }
    }
  } else {
    // Embedding by FK column name or constraint name: "owner:user_id(name)".
    for (const fk of schema.foreignKeys) {
      if (fk.table !== parent.name) continue;
      if (fk.constraint === item.name || (fk.columns.length === 1 && fk.columns[0] === item.name)) {
        const t = schema.relations.get(fk.refTable);
        if (t) candidates.push({ kind: 'one', fk, target: t });
      }
    }
  }
  if (candidates.length === 0) {
    throw apiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${item.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${item.name}' in the schema 'public', but no matches were found.`,
      null,
    );
  }
  if (candidates.length > 1) {
    throw apiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${item.name}'`,
      candidates.map((c) => (c.kind === 'm2m' ? c.junction.name : c.fk.constraint)).join(', '),
      `Try changing '${item.name}' to one of the following: ${candidates
        .map((c) => `'${item.name}!${c.kind === 'm2m' ? c.junction.name : c.fk.constraint}'`)
        .join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  const only = candidates[0];
  if (!only) throw new Error('unreachable');
  return only;
}

function joinCond(
  join: Join,
  parentAlias: string,
  childAlias: string,
): { from: string; where: string } {
  if (join.kind === 'one') {
    const where = join.fk.columns
      .map((c, i) => `${childAlias}.${qi(join.fk.refColumns[i] ?? '')} = ${parentAlias}.${qi(c)}`)
      .join(' and ');
    return { from: `public.${qi(join.target.name)} ${childAlias}`, where };
  }
  if (join.kind === 'many') {
    const where = join.fk.columns
      .map((c, i) => `${childAlias}.${qi(c)} = ${parentAlias}.${qi(join.fk.refColumns[i] ?? '')}`)
      .join(' and ');
    return { from: `public.${qi(join.target.name)} ${childAlias}`, where };
  }
  const j = `${childAlias}_j`;
  const on = join.toTarget.columns
    .map((c, i) => `${j}.${qi(c)} = ${childAlias}.${qi(join.toTarget.refColumns[i] ?? '')}`)
    .join(' and ');
  const where = join.toParent.columns
    .map((c, i) => `${j}.${qi(c)} = ${parentAlias}.${qi(join.toParent.refColumns[i] ?? '')}`)
    .join(' and ');
  return {
    from: `public.${qi(join.target.name)} ${childAlias} join public.${qi(join.junction.name)} ${j} on ${on}`,
    where,
  };
}

function nodeParams(ctx: Ctx, path: string): NodeParams {
  return ctx.nodes.get(path) ?? { conditions: [], order: [], limit: null, offset: null };
}

export interface Projection {
  /** select list (references `alias`) */
  columns: string;
  /** extra where conditions contributed by !inner embeds (and root-independent) */
  innerConds: string[];
}

/**
 * Builds the select list of one level. `path` is the embed path used to find the
 * filters/order/limit given as "path.col=…" query parameters.
 */
export function projection(
  ctx: Ctx,
  rel: Relation | null,
  alias: string,
  items: SelectItem[],
  path: string,
): Projection {
  const cols: string[] = [];
  const innerConds: string[] = [];
  for (const item of items) {
    if (item.kind === 'star') {
      cols.push(`${alias}.*`);
    } else if (item.kind === 'column') {
      let s = fieldSql(ctx, alias, rel, item.field);
      if (item.cast) s = `cast(${s} as ${castSql(item.cast)})`;
      const name = item.alias ?? item.field.column;
      cols.push(`${s} as ${qi(name)}`);
    } else {
      if (!rel) throw apiError(400, 'PGRST200', `Could not embed '${item.name}' here`);
      const join = resolveJoin(ctx.schema, rel, item);
      const outName = item.alias ?? item.name;
      const childPath = path === '' ? outName : `${path}.${outName}`;
      const np = nodeParams(ctx, childPath);
      const child = ctx.alias();
      const jc = joinCond(join, alias, child);
      const sub = projection(ctx, join.target, child, item.select, childPath);
      const conds = [
        jc.where,
        ...np.conditions.map((c) => conditionSql(ctx, child, join.target, c)),
        ...sub.innerConds,
      ];
      const where = conds.join(' and ');
      const toOne = join.kind === 'one' || (join.kind === 'many' && join.unique);
      if (toOne) {
        cols.push(
          `(select row_to_json(_e) from (select ${sub.columns} from ${jc.from} where ${where} limit 1) _e) as ${qi(outName)}`,
        );
      } else {
        const order = orderSql(ctx, child, join.target, np.order);
        const paging = pagingSql(ctx, np.limit, np.offset);
        cols.push(
          `coalesce((select json_agg(_e) from (select ${sub.columns} from ${jc.from} where ${where}${order}${paging}) _e), '[]'::json) as ${qi(outName)}`,
        );
      }
      if (item.inner) {
        const ex = ctx.alias();
        const exj = joinCond(join, alias, ex);
        const exConds = [
          exj.where,
          ...np.conditions.map((c) => conditionSql(ctx, ex, join.target, c)),
        ];
        innerConds.push(`exists (select 1 from ${exj.from} where ${exConds.join(' and ')})`);
      }
    }
  }
  return { columns: cols.length ? cols.join(', ') : `${alias}.*`, innerConds };
}

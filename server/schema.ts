import type { Db } from './db.ts';

export interface Column {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

export interface Relation {
  name: string;
  kind: 'table' | 'view';
  columns: Map<string, Column>;
  primaryKey: string[];
}

export interface ForeignKey {
  constraint: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface DbFunction {
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** true when the result is a row type (table, composite, or OUT params) */
  returnsComposite: boolean;
  returnsVoid: boolean;
  volatile: boolean;
}

export interface SchemaCache {
  relations: Map<string, Relation>;
  foreignKeys: ForeignKey[];
  functions: Map<string, DbFunction[]>;
}

interface ColumnRow {
  table_name: string;
  kind: string;
  column_name: string;
  data_type: string;
  not_null: boolean;
  has_default: boolean;
}
interface PkRow {
  table_name: string;
  cols: string[] | string;
}
interface FkRow {
  constraint_name: string;
  table_name: string;
  cols: string[] | string;
  ref_table: string;
  ref_cols: string[] | string;
}
interface FnRow {
  name: string;
  arg_names: string[] | string | null;
  arg_types: string[] | string | null;
  arg_modes: string[] | string | null;
  n_defaults: number;
  return_type: string;
  returns_set: boolean;
  returns_composite: boolean;
  volatility: string;
}

/** Both drivers return name[] as a JS array, but be tolerant of the '{a,b}' text form. */
function asArray(v: string[] | string | null): string[] {
  if (v === null) return [];
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
}

/** A constraint's columns in key order, as text[] (`conkey` of `c`, or `confkey` of `rc`). */
function constraintColumns(key: 'conkey' | 'confkey', rel: 'c' | 'rc'): string {
  return `array(select a.attname::text from unnest(con.${key}) with ordinality k(attnum, ord)
                  join pg_attribute a on a.attrelid = ${rel}.oid and a.attnum = k.attnum
                 order by k.ord)`;
}

export async function loadSchema(db: Db, schema = 'public'): Promise<SchemaCache> {
  const cols = await db.query<ColumnRow>(
    `select c.relname as table_name,
            case when c.relkind in ('v','m') then 'view' else 'table' end as kind,
            a.attname as column_name,
            format_type(a.atttypid, a.atttypmod) as data_type,
            a.attnotnull as not_null,
            (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relkind in ('r','v','m','p','f')
      order by c.relname, a.attnum`,
    [schema],
  );
  const relations = new Map<string, Relation>();
  for (const r of cols.rows) {
    let rel = relations.get(r.table_name);
    if (!rel) {
      rel = {
        name: r.table_name,
        kind: r.kind === 'view' ? 'view' : 'table',
        columns: new Map(),
        primaryKey: [],
      };
      relations.set(r.table_name, rel);
    }
    rel.columns.set(r.column_name, {
      name: r.column_name,
      type: r.data_type,
      nullable: !r.not_null,
      hasDefault: r.has_default,
    });
  }
  const pks = await db.query<PkRow>(
    `select c.relname as table_name,
            ${constraintColumns('conkey', 'c')} as cols
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and con.contype = 'p'`,
    [schema],
  );
  for (const r of pks.rows) {
    const rel = relations.get(r.table_name);
    if (rel) rel.primaryKey = asArray(r.cols);
  }
  const fks = await db.query<FkRow>(
    `select con.conname as constraint_name, c.relname as table_name, rc.relname as ref_table,
            ${constraintColumns('conkey', 'c')} as cols,
            ${constraintColumns('confkey', 'rc')} as ref_cols
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = con.confrelid
       join pg_namespace rn on rn.oid = rc.relnamespace
      where n.nspname = $1 and rn.nspname = $1 and con.contype = 'f'`,
    [schema],
  );
  const foreignKeys: ForeignKey[] = fks.rows.map((r) => ({
    constraint: r.constraint_name,
    table: r.table_name,
    columns: asArray(r.cols),
    refTable: r.ref_table,
    refColumns: asArray(r.ref_cols),
  }));
  const fns = await db.query<FnRow>(
    `select p.proname as name,
            p.proargnames::text[] as arg_names,
            array(select format_type(t, null) from unnest(p.proargtypes) t) as arg_types,
            p.proargmodes::text[] as arg_modes,
            p.pronargdefaults as n_defaults,
            format_type(p.prorettype, null) as return_type,
            p.proretset as returns_set,
            (t.typtype = 'c' or p.prorettype = 'record'::regtype) as returns_composite,
            p.provolatile as volatility
       from pg_proc p
       join pg_namespace n on n.oid = p.pronamespace
       join pg_type t on t.oid = p.prorettype
      where n.nspname = $1 and p.prokind = 'f'`,
    [schema],
  );
  const functions = new Map<string, DbFunction[]>();
  for (const r of fns.rows) {
    const names = asArray(r.arg_names);
    const modes = asArray(r.arg_modes);
    const types = asArray(r.arg_types);
    // proargtypes lists input args only; proargnames/modes list all (incl. OUT).
    const inputNames = names.filter((_, i) => {
      const m = modes[i];
      return m === undefined || m === 'i' || m === 'b' || m === 'v';
    });
    const args: FunctionArg[] = types.map((type, i) => ({
      name: inputNames[i] ?? '',
      type,
      hasDefault: i >= types.length - r.n_defaults,
    }));
    const fn: DbFunction = {
      name: r.name,
      args,
      returnType: r.return_type,
      returnsSet: r.returns_set,
      returnsComposite: r.returns_composite,
      returnsVoid: r.return_type === 'void',
      volatile: r.volatility === 'v',
    };
    const list = functions.get(r.name) ?? [];
    list.push(fn);
    functions.set(r.name, list);
  }
  return { relations, foreignKeys, functions };
}

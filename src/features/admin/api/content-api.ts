import { z } from 'zod';
import { call, type ApiResult } from './call';
import { deleteById } from './delete-by-id';

/** A table the admin edits as a whole: one row per record, keyed by id. */
export interface ContentTable<Row, Values> {
  table: 'news' | 'glossary' | 'faqs' | 'policy_types';
  /** Matches `row`, so every response is parsed in full. */
  columns: string;
  row: z.ZodType<Row>;
  /** The list's order (spec §4: news newest first, terms A to Z …). */
  sort: { column: string; ascending: boolean };
  /**
   * Policy types: only the global ones (user_id null, live) are the admin's to list and edit;
   * the admin may also read users' own types, so the filter is what keeps those out.
   */
  globalOnly?: boolean;
  /** What a form's values become in the row written (a global type's user_id null). */
  write?: (values: Values) => object;
}

export interface ContentApi<Row, Values> {
  list: () => Promise<ApiResult<Row[]>>;
  get: (id: string) => Promise<ApiResult<Row>>;
  create: (values: Values) => Promise<ApiResult<Row>>;
  update: (id: string, values: Values) => Promise<ApiResult<Row>>;
  remove: (id: string) => Promise<ApiResult<null>>;
}

/** The five calls of an admin content resource, from its table's description. */
export function contentApi<Row, Values extends object>(
  spec: ContentTable<Row, Values>,
): ContentApi<Row, Values> {
  const { table, columns, row, sort, globalOnly = false } = spec;
  const written = (values: Values): object => spec.write?.(values) ?? values;
  return {
    list: () =>
      call((db) => {
        const rows = db.from(table).select(columns);
        const scoped = globalOnly ? rows.is('user_id', null).is('deleted_at', null) : rows;
        return scoped.order(sort.column, { ascending: sort.ascending });
      }, z.array(row)),
    get: (id) =>
      call((db) => {
        const one = db.from(table).select(columns).eq('id', id);
        return (globalOnly ? one.is('user_id', null).is('deleted_at', null) : one).single();
      }, row),
    create: (values) =>
      call((db) => db.from(table).insert(written(values)).select(columns).single(), row),
    update: (id, values) =>
      call((db) => {
        const one = db.from(table).update(written(values)).eq('id', id);
        return (globalOnly ? one.is('user_id', null) : one).select(columns).single();
      }, row),
    remove: (id) => deleteById(table, id),
  };
}

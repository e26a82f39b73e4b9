// The select grammar: what reaches build.ts is a structure, and a cast reaches SQL only as an
// allow-listed type name or one quoted identifier.
import { describe, expect, it } from 'vitest';
import { castSql } from './build.ts';
import { ApiError } from './errors.ts';
import { MAX_NESTING, parseLogic, parseSelect } from './parse.ts';

function parseFails(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e.body.code;
    throw e;
  }
  throw new Error('expected a parse error');
}

describe('select casts', () => {
  it.each([
    ['name::text', 'text'],
    ['name::  double   precision', 'double precision'],
    ['name::INT', 'int'],
    ['alias:meta->>k::numeric', 'numeric'],
  ])('accepts %s', (select, cast) => {
    const [item] = parseSelect(select);
    expect(item?.kind).toBe('column');
    expect(castSql(item?.kind === 'column' ? (item.cast ?? '') : '')).toBe(cast);
  });

  it.each([
    'name::text as x from pg_user--',
    'name::text)',
    'name::"text"',
    'name::text;select 1',
    'name::text[]',
    'name::',
    "name::text'",
  ])('refuses %s', (select) => {
    expect(parseFails(() => parseSelect(select))).toBe('PGRST100');
  });

  it.each([
    ['nosuchtype', '"nosuchtype"'],
    ['regclass', '"regclass"'],
    ['my$type', '"my$type"'],
  ])('quotes the unknown type %s', (cast, sql) => {
    expect(castSql(cast)).toBe(sql);
  });

  it('refuses an unknown type of several words', () => {
    expect(parseFails(() => castSql('text union select'))).toBe('42704');
  });
});

describe('nesting', () => {
  const embeds = (n: number): string => {
    let s = 'id';
    for (let i = 0; i < n; i++) s = `id,child(${s})`;
    return s;
  };
  const tree = (n: number): string => {
    let s = 'a.eq.1';
    for (let i = 0; i < n; i++) s = `or(${s})`;
    return `(${s})`;
  };

  it('accepts embeds and logic trees up to the limit', () => {
    expect(parseSelect(embeds(MAX_NESTING))).toHaveLength(2);
    expect(parseLogic('or', false, tree(MAX_NESTING)).kind).toBe('logic');
  });

  it('refuses one level more with a parse error', () => {
    expect(parseFails(() => parseSelect(embeds(MAX_NESTING + 1)))).toBe('PGRST100');
    expect(parseFails(() => parseLogic('or', false, tree(MAX_NESTING + 1)))).toBe('PGRST100');
  });
});

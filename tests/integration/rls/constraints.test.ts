// The zod schemas in src/domain/schemas claim to mirror the SQL constraints. This feeds the
// same candidate values to both and requires the same verdict, so a change to one side
// without the other fails here.
import fs from 'node:fs';
import { schemaFiles } from '../../helpers/schema-database';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  callbackInputSchema,
  faqInputSchema,
  glossaryInputSchema,
  newsInputSchema,
  personInputSchema,
  policyInputSchema,
  policyTypeInputSchema,
} from '../../../src/domain/schemas';

const USER = '00000000-0000-4000-8000-00000000000a';
const TYPE = '6f1a0c2e-0000-4000-8000-000000000002';

let db: PGlite;

beforeAll(async () => {
  db = new PGlite();
  const files = [...schemaFiles, 'supabase/seed.sql'];
  for (const f of files) await db.exec(fs.readFileSync(f, 'utf8'));
  await db.query(`insert into auth.users (id, email) values ($1, 'a@example.com')`, [USER]);
});

afterAll(async () => {
  await db.close();
});

/** Whether the database accepts the row (inside a rolled-back transaction). */
async function dbAccepts(table: string, row: Record<string, unknown>): Promise<boolean> {
  await db.exec('begin');
  try {
    const cols = Object.keys(row).map((c) => `"${c}"`);
    await db.query(
      `insert into public.${table} (${cols.join(', ')})
       select ${cols.map((c) => `r.${c}`).join(', ')}
         from json_populate_record(null::public.${table}, $1::json) r`,
      [JSON.stringify(row)],
    );
    return true;
  } catch {
    return false;
  } finally {
    await db.exec('rollback');
  }
}

interface Case {
  table: string;
  schema: z.ZodType;
  base: Record<string, unknown>;
  /** Database-only columns the insert needs (ids, owner). */
  extra: () => Record<string, unknown>;
  variants: Record<string, unknown>[];
}

const id = (): string => crypto.randomUUID();
const long = (n: number): string => 'x'.repeat(n);

const cases: Case[] = [
  {
    table: 'callbacks',
    schema: callbackInputSchema,
    base: { name: 'Ravi', phone: '9876543210', city: 'Kolkata', product: 'Other' },
    extra: () => ({ id: id() }),
    variants: [
      {},
      { name: long(100) },
      { name: long(101) },
      { name: '' },
      { phone: '+91 (33) 2345-6789' },
      { phone: '123456' },
      { phone: '1234567' },
      { phone: '1234567890123456' },
      { phone: '98765 4321x' },
      { product: 'Term Insurance' },
      { product: 'Life Insurance' },
      { city: long(101) },
    ],
  },
  {
    table: 'news',
    schema: newsInputSchema,
    base: { title: 'T', slug: 'slug', content: 'C', excerpt: null },
    extra: () => ({ id: id() }),
    variants: [
      {},
      { slug: 'a_b-c-2' },
      { slug: 'A-b' },
      { slug: 'a b' },
      { slug: long(200) },
      { slug: long(201) },
      { title: long(201) },
      { excerpt: long(500) },
      { excerpt: long(501) },
    ],
  },
  {
    table: 'glossary',
    schema: glossaryInputSchema,
    base: { term: 'IDV', slug: 'idv-x', definition: 'D', context: null },
    extra: () => ({ id: id() }),
    variants: [{}, { term: long(100) }, { term: long(101) }, { context: long(5001) }],
  },
  {
    table: 'faqs',
    schema: faqInputSchema,
    base: { question: 'Q', answer: 'A' },
    extra: () => ({ id: id() }),
    variants: [{}, { question: long(500) }, { question: long(501) }, { answer: long(10001) }],
  },
  {
    table: 'policy_types',
    schema: policyTypeInputSchema,
    base: { name: 'Pet', icon: null },
    extra: () => ({ id: id(), user_id: USER }),
    variants: [{}, { name: long(60) }, { name: long(61) }, { icon: long(61) }],
  },
  {
    table: 'policies',
    schema: policyInputSchema,
    base: {
      policy_type_id: TYPE,
      insurer_name: 'LIC',
      policy_number: 'P-1',
      product_name: null,
      start_date: '2024-01-31',
      next_renewal_date: '2025-01-31',
      renewal_frequency: 'yearly',
      sum_insured: null,
      premium_amount: null,
      additional_details: null,
    },
    extra: () => ({ id: id(), user_id: USER }),
    variants: [
      {},
      { renewal_frequency: '6-monthly' },
      { renewal_frequency: 'quarterly' },
      { sum_insured: 0 },
      { sum_insured: -1 },
      { sum_insured: 999999999999.99 },
      { premium_amount: -0.5 },
      { next_renewal_date: '2024-01-30' },
      { next_renewal_date: '2024-01-31' },
      { insurer_name: long(120) },
      { insurer_name: long(121) },
      { policy_number: long(61) },
      { product_name: long(121) },
      { additional_details: long(2000) },
      { additional_details: long(2001) },
    ],
  },
  {
    table: 'people',
    schema: personInputSchema,
    base: { name: 'Asha', relationship: 'Self' },
    extra: () => ({ id: id(), user_id: USER }),
    variants: [{}, { name: long(100) }, { name: long(101) }, { relationship: long(51) }],
  },
];

describe('zod schemas agree with the SQL constraints', () => {
  for (const c of cases) {
    it(c.table, async () => {
      const disagreements: string[] = [];
      for (const v of c.variants) {
        const row = { ...c.base, ...v };
        const zodOk = c.schema.safeParse(row).success;
        const sqlOk = await dbAccepts(c.table, { ...row, ...c.extra() });
        if (zodOk !== sqlOk) {
          disagreements.push(`${JSON.stringify(v).slice(0, 60)}: zod ${zodOk}, sql ${sqlOk}`);
        }
      }
      expect(disagreements).toEqual([]);
    });
  }
});

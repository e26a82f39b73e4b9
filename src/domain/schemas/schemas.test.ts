import { describe, expect, it } from 'vitest';
import { renewalFrequencyMonths } from '../policy';
import {
  callbackInputSchema,
  callbackProducts,
  faqInputSchema,
  glossaryInputSchema,
  glossarySchema,
  isoDateSchema,
  newsInputSchema,
  personInputSchema,
  policyDocumentInputSchema,
  policyInputSchema,
  policyMemberSchema,
  policySchema,
  policyTypeInputSchema,
  policyTypeSchema,
  renewalFrequencies,
  slugSchema,
} from './index';

const typeId = '6f1a0c2e-0000-4000-8000-000000000002';
const validPolicy = {
  policy_type_id: typeId,
  insurer_name: ' Star Health ',
  policy_number: 'SH-123',
  start_date: '2024-03-01',
  next_renewal_date: '2025-03-01',
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues[0]?.message;
}

describe('renewal frequencies', () => {
  it('lists the four frequencies with the spec labels, yearly as default', () => {
    expect(renewalFrequencies.map((f) => [f.value, f.label])).toEqual([
      ['monthly', 'Monthly'],
      ['6-monthly', 'Every 6 months'],
      ['yearly', 'Yearly'],
      ['3-yearly', 'Every 3 years'],
    ]);
    expect(policyInputSchema.parse(validPolicy).renewal_frequency).toBe('yearly');
  });

  it('adds the same number of months as the renewal arithmetic', () => {
    for (const f of renewalFrequencies) {
      expect(renewalFrequencyMonths[f.value]).toBe(f.months);
    }
  });

  it('refuses frequencies the database refuses', () => {
    const r = policyInputSchema.safeParse({ ...validPolicy, renewal_frequency: 'weekly' });
    expect(r.success).toBe(false);
  });
});

describe('policy', () => {
  it('trims text and saves empty optional fields as null', () => {
    const v = policyInputSchema.parse({
      ...validPolicy,
      product_name: '  ',
      additional_details: '',
      sum_insured: null,
    });
    expect(v.insurer_name).toBe('Star Health');
    expect(v.product_name).toBeNull();
    expect(v.additional_details).toBeNull();
    expect(v.sum_insured).toBeNull();
    expect(v.premium_amount).toBeNull();
  });

  it('requires type, insurer, number and both dates', () => {
    for (const key of [
      'policy_type_id',
      'insurer_name',
      'policy_number',
      'start_date',
      'next_renewal_date',
    ] as const) {
      const r = policyInputSchema.safeParse({ ...validPolicy, [key]: '' });
      expect(r.success, key).toBe(false);
    }
    expect(firstMessage(policyInputSchema.safeParse({ ...validPolicy, policy_type_id: '' }))).toBe(
      'Policy type is required',
    );
  });

  it('refuses negative amounts and accepts zero', () => {
    expect(policyInputSchema.safeParse({ ...validPolicy, premium_amount: -1 }).success).toBe(false);
    expect(policyInputSchema.safeParse({ ...validPolicy, sum_insured: -0.01 }).success).toBe(false);
    expect(policyInputSchema.safeParse({ ...validPolicy, sum_insured: 0 }).success).toBe(true);
    expect(policyInputSchema.safeParse({ ...validPolicy, sum_insured: 1e12 }).success).toBe(false);
  });

  it('refuses a next renewal before the start date, on that field', () => {
    const r = policyInputSchema.safeParse({ ...validPolicy, next_renewal_date: '2024-02-29' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['next_renewal_date']);
    expect(
      policyInputSchema.safeParse({ ...validPolicy, next_renewal_date: '2024-03-01' }).success,
    ).toBe(true);
  });

  it('enforces the column lengths', () => {
    expect(
      policyInputSchema.safeParse({ ...validPolicy, insurer_name: 'x'.repeat(120) }).success,
    ).toBe(true);
    expect(
      policyInputSchema.safeParse({ ...validPolicy, insurer_name: 'x'.repeat(121) }).success,
    ).toBe(false);
    expect(
      policyInputSchema.safeParse({ ...validPolicy, additional_details: 'x'.repeat(2001) }).success,
    ).toBe(false);
  });

  it('reads a database row, including a tombstone and a lost type', () => {
    const row = {
      ...validPolicy,
      policy_type_id: null,
      id: '2b1c1c9e-8a0e-4c57-9a53-0d3f3f1a2b3c',
      user_id: '00000000-0000-0000-0000-00000000000a',
      renewal_frequency: '3-yearly',
      product_name: null,
      sum_insured: 500000,
      premium_amount: 15000.5,
      additional_details: null,
      created_at: '2025-10-23T04:30:00.123456+00:00',
      updated_at: '2025-10-23T04:30:00+00:00',
      deleted_at: '2025-10-24T04:30:00Z',
      server_seq: 42,
    };
    const parsed = policySchema.parse(row);
    expect(parsed.deleted_at).toBe('2025-10-24T04:30:00Z');
    expect(parsed.policy_type_id).toBeNull();
  });
});

describe('policy contact fields', () => {
  it('keeps absent fields absent, saves blanks as null and trims', () => {
    const absent = policyInputSchema.parse(validPolicy);
    expect('nominee_name' in absent).toBe(false);
    const given = policyInputSchema.parse({
      ...validPolicy,
      nominee_name: ' Ravi ',
      tpa_name: '',
      claim_helpline: ' 1800-425-2255 ',
      agent_phone: '+91 98765 43210',
    });
    expect(given).toMatchObject({
      nominee_name: 'Ravi',
      tpa_name: null,
      claim_helpline: '1800-425-2255',
      agent_phone: '+91 98765 43210',
    });
  });

  it('refuses phone numbers the database refuses and names over their limits', () => {
    for (const phone of ['call me', '98765--43210', '12', '1'.repeat(21), '-98765', '+ 91']) {
      const r = policyInputSchema.safeParse({ ...validPolicy, tpa_helpline: phone });
      expect(r.success, phone).toBe(false);
    }
    expect(
      firstMessage(policyInputSchema.safeParse({ ...validPolicy, nominee_name: 'N'.repeat(101) })),
    ).toBe('Nominee must be at most 100 characters');
  });

  it('says what to change in a phone number the database would refuse', () => {
    const message = (phone: string) =>
      firstMessage(policyInputSchema.safeParse({ ...validPolicy, claim_helpline: phone }));
    expect(message('call me')).toBe(
      'Claim helpline can only have digits, spaces, hyphens and a + at the start, e.g. 1800-425-2255',
    );
    expect(message('12')).toBe(
      'Claim helpline is too short: enter the whole number, e.g. 1800-425-2255',
    );
    for (const phone of ['98765--43210', '-98765', '+ 91', '98765+1']) {
      expect(message(phone), phone).toBe(
        'Claim helpline: put one space or hyphen between groups of digits, e.g. +91 98765 43210',
      );
    }
    expect(message('1'.repeat(21))).toBe('Claim helpline must be at most 20 characters');
  });
});

describe('policy document', () => {
  const doc = { policy_id: typeId, name: 'E-card.pdf', mime_type: 'application/pdf', size: 1 };
  it('accepts images and PDFs up to 10 MB, as the bucket does', () => {
    expect(policyDocumentInputSchema.safeParse(doc).success).toBe(true);
    expect(policyDocumentInputSchema.safeParse({ ...doc, size: 10 * 1024 * 1024 }).success).toBe(
      true,
    );
    expect(
      firstMessage(policyDocumentInputSchema.safeParse({ ...doc, size: 10 * 1024 * 1024 + 1 })),
    ).toBe('A document can be at most 10 MB');
    expect(
      firstMessage(policyDocumentInputSchema.safeParse({ ...doc, mime_type: 'text/html' })),
    ).toBe('Attach a photo, an image or a PDF');
  });
});

describe('dates', () => {
  it('accepts real calendar days only, as YYYY-MM-DD', () => {
    expect(isoDateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(isoDateSchema.safeParse('2023-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('2024-3-01').success).toBe(false);
    expect(isoDateSchema.safeParse('2024-03-01T00:00:00Z').success).toBe(false);
  });
});

describe('callback', () => {
  const valid = { name: 'Asha', phone: '+91 98765 43210', city: 'Kolkata' };

  it('defaults the product to Health Insurance and offers the four products', () => {
    expect(callbackProducts).toEqual([
      'Health Insurance',
      'Term Insurance',
      'Motor Insurance',
      'Other',
    ]);
    expect(callbackInputSchema.parse(valid).product).toBe('Health Insurance');
    expect(callbackInputSchema.safeParse({ ...valid, product: 'Life' }).success).toBe(false);
  });

  it('requires name, phone and city', () => {
    for (const key of ['name', 'phone', 'city'] as const) {
      expect(callbackInputSchema.safeParse({ ...valid, [key]: '   ' }).success, key).toBe(false);
    }
  });

  it('accepts Indian phone formats and refuses junk', () => {
    for (const phone of ['9876543210', '+919876543210', '033-2345 6789', '(033) 23456789']) {
      expect(callbackInputSchema.safeParse({ ...valid, phone }).success, phone).toBe(true);
    }
    for (const phone of ['12345', 'call me', '+91 98765 43210 1234567', '98765x43210']) {
      expect(callbackInputSchema.safeParse({ ...valid, phone }).success, phone).toBe(false);
    }
  });
});

describe('content', () => {
  it('requires title, slug and content for news; excerpt is optional', () => {
    const v = newsInputSchema.parse({ title: 'Hello', slug: 'hello', content: 'Body' });
    expect(v.excerpt).toBeNull();
    expect(newsInputSchema.safeParse({ title: 'Hello', slug: 'hello' }).success).toBe(false);
  });

  it('accepts slugs the editor derives and refuses others', () => {
    for (const s of ['bima-sugam', 'what_is_ncb', 'a--b', '2025-update']) {
      expect(slugSchema.safeParse(s).success, s).toBe(true);
    }
    for (const s of ['Bima Sugam', 'naïve', 'a/b', '']) {
      expect(slugSchema.safeParse(s).success, s).toBe(false);
    }
  });

  it('requires term, slug and definition for the glossary', () => {
    expect(
      glossaryInputSchema.safeParse({ term: 'IDV', slug: 'idv', definition: 'Value' }).success,
    ).toBe(true);
    expect(glossaryInputSchema.safeParse({ term: 'IDV', slug: 'idv' }).success).toBe(false);
    const row = glossarySchema.parse({
      id: '7d0e1b0a-1111-4222-8333-444455556666',
      term: 'IDV',
      slug: 'idv',
      definition: 'Value',
      context: null,
      created_at: '2025-10-23T04:30:00+00:00',
      updated_at: '2025-10-23T04:30:00+00:00',
    });
    expect(row.context).toBeNull();
  });

  it('requires question and answer for FAQs', () => {
    expect(faqInputSchema.safeParse({ question: 'Q?', answer: 'A.' }).success).toBe(true);
    expect(faqInputSchema.safeParse({ question: 'Q?', answer: ' ' }).success).toBe(false);
  });
});

describe('policy types, people, members', () => {
  it('requires a type name; the icon is optional', () => {
    expect(policyTypeInputSchema.parse({ name: 'Pet' }).icon).toBeNull();
    expect(policyTypeInputSchema.safeParse({ name: '', icon: 'Car' }).success).toBe(false);
    const global = policyTypeSchema.parse({
      id: typeId,
      name: 'Health',
      icon: 'HeartPulse',
      user_id: null,
      created_at: '2025-10-23T04:30:00+00:00',
      updated_at: '2025-10-23T04:30:00+00:00',
      deleted_at: null,
      server_seq: 1,
    });
    expect(global.user_id).toBeNull();
  });

  it('requires both name and relationship for a person', () => {
    expect(personInputSchema.safeParse({ name: 'Asha', relationship: 'Self' }).success).toBe(true);
    expect(personInputSchema.safeParse({ name: 'Asha', relationship: '' }).success).toBe(false);
  });

  it('links a policy and a person by id', () => {
    const member = policyMemberSchema.safeParse({
      policy_id: typeId,
      person_id: 'not-an-id',
      user_id: typeId,
      created_at: '2025-10-23T04:30:00+00:00',
      updated_at: '2025-10-23T04:30:00+00:00',
      deleted_at: null,
      server_seq: 3,
    });
    expect(member.success).toBe(false);
  });
});

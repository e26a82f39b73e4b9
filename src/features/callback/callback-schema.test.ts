import { describe, expect, it } from 'vitest';
import { callbackFormSchema, normaliseIndianMobile, PHONE_MESSAGE } from './callback-schema';

describe('normaliseIndianMobile', () => {
  it.each([
    ['9830012345', '+919830012345'],
    ['98300 12345', '+919830012345'],
    ['98300-12345', '+919830012345'],
    ['+91 98300 12345', '+919830012345'],
    ['+91-98300-12345', '+919830012345'],
    ['919830012345', '+919830012345'],
    ['09830012345', '+919830012345'],
    ['6000000000', '+916000000000'],
    [' 7 0 0 0 0 0 0 0 0 0 ', '+917000000000'],
  ])('accepts %j', (input, expected) => {
    expect(normaliseIndianMobile(input)).toBe(expected);
  });

  it.each([
    '',
    '5830012345', // mobiles start with 6-9
    '983001234', // nine digits
    '98300123456', // eleven digits without a prefix
    '+92 98300 12345', // not India
    '+91 58300 12345',
    '033 2345 6789', // a Kolkata landline
    '98300.12345',
    'call me',
  ])('rejects %j', (input) => {
    expect(normaliseIndianMobile(input)).toBeNull();
  });
});

describe('callbackFormSchema', () => {
  const valid = {
    name: '  Asha Sen ',
    phone: '98300 12345',
    city: ' Kolkata',
    product: 'Health Insurance',
    consent: true,
  } as const;

  it('trims text and stores the number in one format', () => {
    expect(callbackFormSchema.parse(valid)).toEqual({
      name: 'Asha Sen',
      phone: '+919830012345',
      city: 'Kolkata',
      product: 'Health Insurance',
      consent: true,
    });
  });

  it('explains what a valid phone number looks like', () => {
    const result = callbackFormSchema.safeParse({ ...valid, phone: '12345' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGE]);
  });

  it('requires name, phone and city', () => {
    const result = callbackFormSchema.safeParse({ ...valid, name: ' ', phone: '', city: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Please enter your name.',
      'Please enter your mobile number.',
      'Please enter your city.',
    ]);
  });

  it('accepts only the four products', () => {
    expect(callbackFormSchema.safeParse({ ...valid, product: 'Travel' }).success).toBe(false);
  });
});

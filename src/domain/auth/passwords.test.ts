import { describe, expect, it } from 'vitest';
import { credentialsSchema, passwordChangeSchema, signUpSchema } from './passwords';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('passwordChangeSchema', () => {
  it('accepts a matching password of six characters', () => {
    expect(
      passwordChangeSchema.safeParse({ password: 'abc123', confirmPassword: 'abc123' }).success,
    ).toBe(true);
  });

  it('says the passwords do not match', () => {
    const result = passwordChangeSchema.safeParse({
      password: 'abcdef',
      confirmPassword: 'abcdeg',
    });
    expect(messages(result)).toEqual(['Passwords do not match.']);
  });

  it('rejects five characters', () => {
    const result = passwordChangeSchema.safeParse({ password: 'abcde', confirmPassword: 'abcde' });
    expect(messages(result)).toEqual(['Password must be at least 6 characters long.']);
  });

  it('reports both problems together', () => {
    const result = passwordChangeSchema.safeParse({ password: 'abc', confirmPassword: 'abd' });
    expect(messages(result)).toEqual([
      'Password must be at least 6 characters long.',
      'Passwords do not match.',
    ]);
  });
});

describe('credentials', () => {
  it('needs an email and a password', () => {
    const result = credentialsSchema.safeParse({ email: '', password: '' });
    expect(messages(result)).toEqual(['Email is required.', 'Password is required.']);
  });

  it('rejects a malformed email and trims spaces', () => {
    expect(messages(credentialsSchema.safeParse({ email: 'nope', password: 'x' }))).toEqual([
      'Enter a valid email address.',
    ]);
    expect(credentialsSchema.parse({ email: '  a@b.co ', password: 'x' }).email).toBe('a@b.co');
  });

  it('sign-up needs at least six characters', () => {
    expect(messages(signUpSchema.safeParse({ email: 'a@b.co', password: '12345' }))).toEqual([
      'Password must be at least 6 characters long.',
    ]);
    expect(signUpSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });
});

import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 6;

export const passwordMessages = {
  mismatch: 'Passwords do not match.',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
} as const;

// Both rules are checked independently so the user sees every problem at once, not one per try.
export const passwordChangeSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine((values, ctx) => {
    if (values.password.length < MIN_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: passwordMessages.tooShort, path: ['password'] });
    }
    if (values.password !== values.confirmPassword) {
      ctx.addIssue({
        code: 'custom',
        message: passwordMessages.mismatch,
        path: ['confirmPassword'],
      });
    }
  });

export type PasswordChangeValues = z.infer<typeof passwordChangeSchema>;

export const credentialsSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required.')
    .pipe(z.email('Enter a valid email address.')),
  password: z.string().min(1, 'Password is required.'),
});

export type CredentialsValues = z.infer<typeof credentialsSchema>;

/** Sign-up also enforces the minimum length before the request, matching the hint under the field. */
export const signUpSchema = credentialsSchema.extend({
  password: z.string().min(MIN_PASSWORD_LENGTH, passwordMessages.tooShort),
});

export const resetEmailSchema = credentialsSchema.shape.email;

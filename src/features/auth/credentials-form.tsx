import { useState } from 'react';
import { Button, PasswordInput, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { credentialsSchema, signUpSchema, type CredentialsValues } from '@/domain/auth';
import { useAuth, type SignInKind } from './auth-context';

/** The submit button's words, idle and busy (spec §3, §7). */
const submitLabels: Record<SignInKind, { idle: string; busy: string }> = {
  login: { idle: 'Login', busy: 'Logging In...' },
  signup: { idle: 'Sign Up', busy: 'Signing Up...' },
  admin: { idle: 'Sign In', busy: 'Signing In...' },
};

/**
 * The state every sign-in and sign-up form shares. `submit(attempt)` marks the form busy and
 * tells the auth provider which kind of sign-in started; `attempt` answers whether the
 * provider now takes over (it toasts and navigates, so the button stays busy) or the user
 * stays on the form (a refusal, or a sign-up waiting for its confirmation email).
 */
export function useCredentialsForm(kind: SignInKind) {
  const auth = useAuth();
  const [pending, setPending] = useState(false);
  const form = useForm<CredentialsValues>({
    // Sign-up also checks the new password's length before asking the server.
    resolver: zodResolver(kind === 'signup' ? signUpSchema : credentialsSchema),
    defaultValues: { email: '', password: '' },
  });
  const submit = (attempt: (values: CredentialsValues) => Promise<boolean>) =>
    form.handleSubmit(async (values) => {
      setPending(true);
      auth.beginSignIn(kind);
      if (!(await attempt(values))) {
        auth.endSignIn();
        setPending(false);
      }
    });
  const fields = <CredentialFields form={form} disabled={pending} kind={kind} />;
  const button = (
    <Button type="submit" disabled={pending} fullWidth>
      {pending ? submitLabels[kind].busy : submitLabels[kind].idle}
    </Button>
  );
  return { form, submit, fields, button };
}

interface CredentialFieldsProps {
  form: UseFormReturn<CredentialsValues>;
  disabled: boolean;
  /**
   * What the browser's password manager should offer: the user's saved login, a new password
   * for a sign-up, or the admin's login (saved under its own username).
   */
  kind: SignInKind;
}

/** The Email and Password fields of every sign-in and sign-up form. */
function CredentialFields({ form, disabled, kind }: CredentialFieldsProps) {
  const { errors } = form.formState;
  return (
    <>
      <TextInput
        label="Email"
        type="email"
        autoComplete={kind === 'admin' ? 'username' : 'email'}
        placeholder={kind === 'admin' ? undefined : 'you@example.com'}
        error={errors.email?.message}
        disabled={disabled}
        {...form.register('email')}
      />
      <PasswordInput
        label="Password"
        description={kind === 'signup' ? 'Minimum 6 characters' : undefined}
        autoComplete={kind === 'signup' ? 'new-password' : 'current-password'}
        error={errors.password?.message}
        disabled={disabled}
        visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
        {...form.register('password')}
      />
    </>
  );
}

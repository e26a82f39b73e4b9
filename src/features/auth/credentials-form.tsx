import { useState } from 'react';
import { Button, PasswordInput, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { credentialsSchema, signUpSchema, type CredentialsValues } from '@/domain/auth';
import { useT } from '@/lib/use-i18n';
import { useAuth, type SignInKind } from './auth-context';

/** The submit button's words (catalog ids), idle and busy (spec §3, §7). */
const submitLabels: Record<SignInKind, { idle: string; busy: string }> = {
  login: { idle: 'auth.login.submit', busy: 'auth.login.busy' },
  signup: { idle: 'auth.signup.submit', busy: 'auth.signup.busy' },
  admin: { idle: 'auth.admin.submit', busy: 'auth.admin.busy' },
};

/**
 * The state every sign-in and sign-up form shares. `submit(attempt)` marks the form busy and
 * tells the auth provider which kind of sign-in started; `attempt` answers whether the
 * provider now takes over (it toasts and navigates, so the button stays busy) or the user
 * stays on the form (a refusal, or a sign-up waiting for its confirmation email).
 */
export function useCredentialsForm(kind: SignInKind) {
  const t = useT();
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
      {t(pending ? submitLabels[kind].busy : submitLabels[kind].idle)}
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
  const t = useT();
  const { errors } = form.formState;
  // Messages are the schema's English sentences or catalog ids; both are catalog keys.
  const message = (error: { message?: string } | undefined) =>
    error?.message === undefined ? undefined : t(error.message);
  return (
    <>
      <TextInput
        label={t('auth.field.email')}
        type="email"
        autoComplete={kind === 'admin' ? 'username' : 'email'}
        placeholder={kind === 'admin' ? undefined : 'you@example.com'}
        error={message(errors.email)}
        disabled={disabled}
        {...form.register('email')}
      />
      <PasswordInput
        label={t('auth.field.password')}
        description={kind === 'signup' ? t('auth.field.passwordHint') : undefined}
        autoComplete={kind === 'signup' ? 'new-password' : 'current-password'}
        error={message(errors.password)}
        disabled={disabled}
        visibilityToggleButtonProps={{ 'aria-label': t('auth.field.togglePassword') }}
        {...form.register('password')}
      />
    </>
  );
}

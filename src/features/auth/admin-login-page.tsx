import { useState } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { credentialsSchema, type CredentialsValues } from '@/domain/auth';
import { AuthCard } from './auth-card';
import { useAuth } from './auth-context';
import { signInWithPassword } from './auth-api';

export function AdminLoginPage() {
  const auth = useAuth();
  const [pending, setPending] = useState(false);
  const form = useForm<CredentialsValues>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    setPending(true);
    auth.beginSignIn('admin');
    const { error } = await signInWithPassword(email, password);
    if (error) {
      // Spec: a failed admin sign-in only re-enables the button; nothing says why.
      auth.endSignIn();
      setPending(false);
    }
    // On success the auth provider toasts and opens /admin.
  });

  return (
    <AuthCard title="Admin Login" subtitle="Access your dashboard">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            error={errors.email?.message}
            disabled={pending}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            disabled={pending}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide password' }}
            {...form.register('password')}
          />
          <Button type="submit" disabled={pending} fullWidth>
            {pending ? 'Signing In...' : 'Sign In'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

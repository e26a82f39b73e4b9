import { useState } from 'react';
import { Alert, Stack } from '@mantine/core';
import { AuthCard } from './auth-card';
import { useCredentialsForm } from './credentials-form';
import { signInWithPassword } from './auth-api';

export function AdminLoginPage() {
  const { submit, fields, button } = useCredentialsForm('admin');
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = submit(async ({ email, password }) => {
    setFailure(null);
    const { error } = await signInWithPassword(email, password);
    // The spec's admin login said nothing on failure (issue 16): it now says why, under the
    // form rather than in a toast that disappears. On success the provider opens /admin.
    setFailure(error);
    return error === null;
  });

  return (
    <AuthCard title="Admin Login" subtitle="Access your dashboard">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {fields}
          {button}
          {/* Mantine's Alert is role="alert": announced when it appears, again after a retry. */}
          {failure ? (
            <Alert color="red" title="Sign in failed">
              {failure}
            </Alert>
          ) : null}
        </Stack>
      </form>
    </AuthCard>
  );
}

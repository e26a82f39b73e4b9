import { Alert, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PasswordChangeForm, useAuth } from '@/features/auth';
import { AdminPage } from '../components/admin-page';

/** /admin/password-reset: the admin's own password; Google accounts have none here. */
export function PasswordPage() {
  const { user } = useAuth();
  const social = user !== null && user.provider !== 'email';
  return (
    <AdminPage title="Change Password">
      <Paper withBorder radius="md" p="lg" maw={480}>
        {social ? (
          <Alert icon={<IconInfoCircle aria-hidden />} title="No password to change">
            This account signs in with {user.provider === 'google' ? 'Google' : user.provider}, so
            it has no password here. Change it in your{' '}
            {user.provider === 'google' ? 'Google' : user.provider} account settings instead.
          </Alert>
        ) : (
          <Stack gap="md">
            <Text c="dimmed">Signed in as {user?.email}</Text>
            <PasswordChangeForm
              success={{
                title: 'Password Updated',
                description: 'Your password has been successfully changed.',
              }}
            />
          </Stack>
        )}
      </Paper>
    </AdminPage>
  );
}

import { Alert, Button, Container, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { site } from '@/config/site';
import { AuthPending } from './auth-pending';
import { useAuth } from './auth-context';
import { PasswordChangeForm } from './password-change-form';

/** /password-reset: after the emailed recovery link (a recovery session) or from the account menu. */
export function PasswordResetPage() {
  const { loading, user, isAdmin } = useAuth();
  const navigate = useNavigate();

  let body;
  if (loading) {
    body = <AuthPending />;
  } else if (!user) {
    body = (
      <Stack gap="md" align="flex-start">
        <Text>
          You are not signed in, or your password reset link has expired. Open the latest link from
          your email again, or log in and change your password from My Account.
        </Text>
        <Button component={Link} to="/login">
          Go to Login
        </Button>
      </Stack>
    );
  } else if (user.provider !== 'email') {
    body = (
      <Alert icon={<IconInfoCircle aria-hidden />} title="No password to change">
        You signed in with {user.provider === 'google' ? 'Google' : user.provider}, so your password
        is managed there, not on {site.brand}.
      </Alert>
    );
  } else {
    body = (
      <Stack gap="md">
        <Text c="dimmed">Signed in as {user.email}</Text>
        <PasswordChangeForm
          success={{
            title: 'Password Updated Successfully',
            description: 'Your new password is ready to use.',
          }}
          onChanged={() => void navigate({ to: isAdmin ? '/admin' : '/policy-tracker' })}
        />
      </Stack>
    );
  }

  return (
    <Container size="xs" py="xl">
      <PageHeader title="Reset Password" subtitle="Choose a new password for your account." />
      <Paper withBorder radius="md" p="lg">
        {body}
      </Paper>
    </Container>
  );
}

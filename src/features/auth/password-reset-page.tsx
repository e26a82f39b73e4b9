import { useState } from 'react';
import { Alert, Button, Container, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { PageHeader } from '@/components/ui/page-header';
import { site } from '@/config/site';
import { passwordChangeSchema, type PasswordChangeValues } from '@/domain/auth';
import { toast } from '@/lib/toast';
import { AuthPending } from './auth-pending';
import { useAuth } from './auth-context';
import { updatePassword } from './auth-api';

function PasswordChangeForm({ isAdmin }: { isAdmin: boolean }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const form = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setPending(true);
    const { error } = await updatePassword(password);
    setPending(false);
    if (error) {
      toast({ title: 'Password Update Failed', description: error, variant: 'destructive' });
      return;
    }
    form.reset();
    toast({
      title: 'Password Updated Successfully',
      description: 'Your new password is ready to use.',
    });
    void navigate({ to: isAdmin ? '/admin' : '/policy-tracker' });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <PasswordInput
          label="New Password"
          description="Minimum 6 characters"
          autoComplete="new-password"
          error={errors.password?.message}
          disabled={pending}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
          {...form.register('password')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          disabled={pending}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirmation' }}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={pending}>
          {pending ? 'Updating...' : 'Update Password'}
        </Button>
      </Stack>
    </form>
  );
}

/** /password-reset: after the emailed recovery link (a recovery session) or from the account menu. */
export function PasswordResetPage() {
  const { loading, user, isAdmin } = useAuth();

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
        <PasswordChangeForm isAdmin={isAdmin} />
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

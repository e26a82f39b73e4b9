import { useState } from 'react';
import { Alert, Button, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { passwordChangeSchema, type PasswordChangeValues } from '@/domain/auth';
import { useAuth } from '@/features/auth';
import { toast } from '@/lib/toast';
import { updatePassword } from '../api/update-password';
import { AdminPage } from '../components/admin-page';

function ChangePasswordForm() {
  const [pending, setPending] = useState(false);
  const form = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setPending(true);
    const result = await updatePassword(password);
    setPending(false);
    if (!result.ok) {
      toast({
        title: 'Password Update Failed',
        description: result.error.message,
        variant: 'destructive',
      });
      return;
    }
    form.reset();
    toast({
      title: 'Password Updated',
      description: 'Your password has been successfully changed.',
    });
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Change password">
      <Stack gap="md">
        <PasswordInput
          label="New Password"
          description="Minimum 6 characters"
          autoComplete="new-password"
          required
          error={errors.password?.message}
          disabled={pending}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide new password' }}
          {...form.register('password')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          required
          error={errors.confirmPassword?.message}
          disabled={pending}
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide confirmation' }}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" loading={pending}>
          Update Password
        </Button>
      </Stack>
    </form>
  );
}

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
            <ChangePasswordForm />
          </Stack>
        )}
      </Paper>
    </AdminPage>
  );
}

import { useState } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { passwordChangeSchema, type PasswordChangeValues } from '@/domain/auth';
import { toast, type ToastInput } from '@/lib/toast';
import { updatePassword } from './auth-api';

interface PasswordChangeFormProps {
  /** The success toast: the account and the admin pages word it differently (spec §3, §7). */
  success: ToastInput;
  /** After the toast: the account page moves on, the admin page stays where it is. */
  onChanged?: () => void;
}

/** The signed-in user's new password, typed twice; the rules are passwordChangeSchema's. */
export function PasswordChangeForm({ success, onChanged }: PasswordChangeFormProps) {
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
    toast(success);
    onChanged?.();
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Change password">
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

import { useState } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { passwordChangeSchema, type PasswordChangeValues } from '@/domain/auth';
import { toast, type ToastInput } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import { updatePassword } from './auth-api';
import { authErrorText } from './auth-error-text';

interface PasswordChangeFormProps {
  /** The success toast: the account and the admin pages word it differently (spec §3, §7). */
  success: ToastInput;
  /** After the toast: the account page moves on, the admin page stays where it is. */
  onChanged?: () => void;
}

/** The signed-in user's new password, typed twice; the rules are passwordChangeSchema's. */
export function PasswordChangeForm({ success, onChanged }: PasswordChangeFormProps) {
  const t = useT();
  const [pending, setPending] = useState(false);
  const form = useForm<PasswordChangeValues>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const message = (error: { message?: string } | undefined) =>
    error?.message === undefined ? undefined : t(error.message);

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setPending(true);
    const { error } = await updatePassword(password);
    setPending(false);
    if (error) {
      toast({
        title: t('auth.toast.passwordUpdateFailed'),
        description: authErrorText(error),
        variant: 'destructive',
      });
      return;
    }
    form.reset();
    toast(success);
    onChanged?.();
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('auth.password.form')}>
      <Stack gap="md">
        <PasswordInput
          label={t('auth.password.new')}
          description={t('auth.field.passwordHint')}
          autoComplete="new-password"
          error={message(errors.password)}
          disabled={pending}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggleNew') }}
          {...form.register('password')}
        />
        <PasswordInput
          label={t('auth.password.confirm')}
          autoComplete="new-password"
          error={message(errors.confirmPassword)}
          disabled={pending}
          visibilityToggleButtonProps={{ 'aria-label': t('auth.password.toggleConfirm') }}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" disabled={pending}>
          {pending ? t('auth.password.updating') : t('auth.password.update')}
        </Button>
      </Stack>
    </form>
  );
}

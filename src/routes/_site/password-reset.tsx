import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetPage } from '@/features/auth/password-reset-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/_site/password-reset')({
  component: PasswordResetPage,
  head: () => ({ meta: [{ title: pageTitle('Reset Password') }] }),
});

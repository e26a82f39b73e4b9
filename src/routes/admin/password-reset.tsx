import { createFileRoute } from '@tanstack/react-router';
import { PasswordPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/password-reset')({
  component: PasswordPage,
  head: () => ({ meta: [{ title: pageTitle('Change Password') }] }),
});

import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginPage } from '@/features/auth/admin-login-page';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin-login')({
  component: AdminLoginPage,
  head: () => ({ meta: [{ title: pageTitle('Admin Login') }] }),
});

import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { safeRedirectPath } from '@/domain/auth';
import { LoginPage } from '@/features/auth/login-page';
import { pageTitle } from '@/config/site';

const searchSchema = z.object({
  // An unsafe value is dropped here rather than failing the page: the user can still log in.
  redirect: z
    .unknown()
    .transform((value) => safeRedirectPath(value))
    .optional()
    .catch(undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
  component: LoginRoute,
  head: () => ({ meta: [{ title: pageTitle('Login') }] }),
});

function LoginRoute() {
  const { redirect } = Route.useSearch();
  return <LoginPage redirect={redirect} />;
}

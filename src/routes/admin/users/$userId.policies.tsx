import { createFileRoute } from '@tanstack/react-router';
import { UserPoliciesPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

export const Route = createFileRoute('/admin/users/$userId/policies')({
  component: UserPolicies,
  head: () => ({ meta: [{ title: pageTitle('User Policies') }] }),
});

function UserPolicies() {
  const { userId } = Route.useParams();
  return <UserPoliciesPage key={userId} userId={userId} />;
}

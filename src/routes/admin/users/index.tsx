import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { UsersPage } from '@/features/admin';
import { pageTitle } from '@/config/site';

interface UsersSearch {
  q?: string;
  page?: number;
}

export const Route = createFileRoute('/admin/users/')({
  // Hand-written rather than a schema so links to /admin/users need no search at all.
  validateSearch: (search: Record<string, unknown>): UsersSearch => {
    const q = typeof search.q === 'string' && search.q.trim() ? search.q.trim() : undefined;
    const n = Number(search.page);
    const page = Number.isInteger(n) && n > 1 ? n : undefined;
    return { q, page };
  },
  component: Users,
  head: () => ({ meta: [{ title: pageTitle('Users') }] }),
});

function Users() {
  const { q, page } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: string) => void navigate({ search: { q: next || undefined }, replace: true }),
    [navigate],
  );
  const onPageChange = useCallback(
    (next: number) =>
      void navigate({ search: (s) => ({ ...s, page: next > 1 ? next : undefined }) }),
    [navigate],
  );
  return (
    <UsersPage
      search={q ?? ''}
      page={page ?? 1}
      onSearchChange={onSearchChange}
      onPageChange={onPageChange}
    />
  );
}

import { useEffect, useState } from 'react';
import { Group, Pagination, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { ButtonLink } from '../components/links';
import {
  USERS_PAGE_SIZE,
  formatLastSignIn,
  formatLocalDate,
  pageCount,
  pageOffset,
} from '@/domain/admin';
import { searchUsers } from '../api/search-users';
import { AdminPage, QueryBody } from '../components/admin-page';
import { useAdminQuery } from '../hooks/use-admin-query';
import { DataTable, type Column } from '../components/admin-table';
import type { AdminUser } from '../api/schemas';

const columns: readonly Column<AdminUser>[] = [
  { header: 'Email', cell: (u) => u.email },
  { header: 'Joined On', cell: (u) => formatLocalDate(u.created_at) },
  { header: 'Last Sign In', cell: (u) => formatLastSignIn(u.last_sign_in_at) },
];

interface UsersPageProps {
  /** Email fragment from the URL (?q=), so a search survives reload and Back. */
  search: string;
  /** 1-based page from the URL (?page=). */
  page: number;
  onSearchChange: (search: string) => void;
  onPageChange: (page: number) => void;
}

export function UsersPage({ search, page, onSearchChange, onPageChange }: UsersPageProps) {
  const [text, setText] = useState(search);
  const applySearch = useDebouncedCallback((value: string) => onSearchChange(value.trim()), 300);
  const { state } = useAdminQuery(
    `users:${search}:${page}`,
    () =>
      searchUsers({ search, limit: USERS_PAGE_SIZE, offset: pageOffset(page, USERS_PAGE_SIZE) }),
    'Error fetching users',
  );

  const data = state.status === 'ready' ? state.data : null;
  const pastTheEnd = data !== null && data.users.length === 0 && page > 1;
  useEffect(() => {
    // The list shrank (or the URL was edited) below this page: show the first page instead.
    if (pastTheEnd) onPageChange(1);
  }, [pastTheEnd, onPageChange]);

  const body = (
    <QueryBody
      state={state}
      loading="Loading users..."
      error="Could not load users."
      empty="No users found."
      isEmpty={(d) => d.users.length === 0}
    >
      {({ users, total }) => {
        const first = pageOffset(page, USERS_PAGE_SIZE) + 1;
        return (
          <>
            <DataTable
              rows={users}
              columns={columns}
              minWidth={640}
              actions={(u) => (
                <ButtonLink
                  to="/admin/users/$userId/policies"
                  params={{ userId: u.id }}
                  size="xs"
                  variant="light"
                  aria-label={`View Policies of ${u.email}`}
                >
                  View Policies
                </ButtonLink>
              )}
            />
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text fz="sm" c="dimmed">
                Showing {first}–{first + users.length - 1} of {total} users
              </Text>
              {total > USERS_PAGE_SIZE ? (
                <Pagination
                  total={pageCount(total, USERS_PAGE_SIZE)}
                  value={page}
                  onChange={onPageChange}
                  getControlProps={(control) => ({
                    'aria-label':
                      control === 'previous'
                        ? 'Previous page'
                        : control === 'next'
                          ? 'Next page'
                          : undefined,
                  })}
                  getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                />
              ) : null}
            </Group>
          </>
        );
      }}
    </QueryBody>
  );

  return (
    <AdminPage title="Users" subtitle="Everyone who signed up, newest first.">
      <TextInput
        label="Search by email"
        placeholder="e.g. priya@"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={text}
        type="search"
        maw={420}
        onChange={(e) => {
          setText(e.currentTarget.value);
          applySearch(e.currentTarget.value);
        }}
      />
      {body}
    </AdminPage>
  );
}

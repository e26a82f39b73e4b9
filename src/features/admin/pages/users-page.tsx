import { useEffect, useState } from 'react';
import { Group, Pagination, Table, Text, TextInput } from '@mantine/core';
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
import { AdminPage, StatusText } from '../components/admin-page';
import { useAdminQuery } from '../hooks/use-admin-query';
import { ActionsCell, ActionsHeader } from '../components/admin-table';

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

  let body;
  if (state.status === 'loading') body = <StatusText>Loading users...</StatusText>;
  else if (state.status === 'error') body = <StatusText>Could not load users.</StatusText>;
  else if (state.data.users.length === 0) body = <StatusText>No users found.</StatusText>;
  else {
    const { users, total } = state.data;
    const first = pageOffset(page, USERS_PAGE_SIZE) + 1;
    body = (
      <>
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Email</Table.Th>
                <Table.Th>Joined On</Table.Th>
                <Table.Th>Last Sign In</Table.Th>
                <ActionsHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{formatLocalDate(u.created_at)}</Table.Td>
                  <Table.Td>{formatLastSignIn(u.last_sign_in_at)}</Table.Td>
                  <ActionsCell>
                    <ButtonLink
                      to="/admin/users/$userId/policies"
                      params={{ userId: u.id }}
                      size="xs"
                      variant="light"
                      aria-label={`View Policies of ${u.email}`}
                    >
                      View Policies
                    </ButtonLink>
                  </ActionsCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
  }

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

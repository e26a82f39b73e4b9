import { useEffect, type ComponentType } from 'react';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconKey, IconPhoneCall, IconUsers } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { fetchDashboardCounts } from '../api/fetch-dashboard-counts';
import type { DashboardCounts } from '../api/schemas';
import { AdminPage } from '../components/admin-page';
import { useAdminQuery } from '../hooks/use-admin-query';
import { adminResources } from '../resources';

interface Tile {
  to: string;
  title: string;
  description: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
  count?: { key: keyof DashboardCounts; one: string; many: string };
}

const tiles: readonly Tile[] = [
  {
    to: '/admin/callbacks',
    title: 'Callbacks',
    description: 'Advisor callback requests from the site.',
    icon: IconPhoneCall,
    count: { key: 'callbacks', one: 'request', many: 'requests' },
  },
  ...adminResources.map((r) => ({
    to: `/admin/${r.path}`,
    title: r.label,
    description: r.tile.description,
    icon: r.icon,
    count: r.tile.count,
  })),
  {
    to: '/admin/users',
    title: 'Users',
    description: 'Accounts and their policies.',
    icon: IconUsers,
    count: { key: 'users', one: 'user', many: 'users' },
  },
  {
    to: '/admin/password-reset',
    title: 'Change Password',
    description: 'Set a new password for this admin account.',
    icon: IconKey,
  },
];

export function DashboardPage() {
  const { user } = useAuth();
  const { state, reload } = useAdminQuery(
    'dashboard',
    fetchDashboardCounts,
    'Error fetching counts',
  );
  useEffect(() => {
    // Keeps the counts live: coming back to the tab (new leads may have arrived) refreshes them.
    const onVisible = () => {
      if (document.visibilityState === 'visible') reload();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [reload]);
  const counts = state.status === 'ready' ? state.data : null;

  return (
    <AdminPage title="Admin Dashboard" subtitle={`Welcome, ${user?.email ?? 'admin'}`}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {tiles.map((tile) => {
          const Icon = tile.icon;
          const n = tile.count && counts ? counts[tile.count.key] : null;
          return (
            <Card key={tile.to} component={Link} to={tile.to} withBorder radius="md" padding="lg">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4}>
                  <Text fw={700} fz="lg">
                    {tile.title}
                  </Text>
                  <Text c="dimmed" fz="sm">
                    {tile.description}
                  </Text>
                </Stack>
                <ThemeIcon variant="light" size={40} radius="md">
                  <Icon size={22} aria-hidden />
                </ThemeIcon>
              </Group>
              {tile.count ? (
                <Text mt="md" fw={800} fz={28} data-testid={`count-${tile.count.key}`}>
                  {n ?? '…'}
                  <Text component="span" fz="sm" fw={400} c="dimmed" ml={6}>
                    {n === 1 ? tile.count.one : tile.count.many}
                  </Text>
                </Text>
              ) : null}
            </Card>
          );
        })}
      </SimpleGrid>
    </AdminPage>
  );
}

import { useEffect, type ComponentType } from 'react';
import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBook2,
  IconCategory,
  IconHelpCircle,
  IconKey,
  IconNews,
  IconPhoneCall,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAuth } from '@/features/auth';
import { fetchDashboardCounts } from '../api/fetch-dashboard-counts';
import type { DashboardCounts } from '../api/schemas';
import { AdminPage } from '../components/admin-page';
import { useAdminQuery } from '../hooks/use-admin-query';

interface Tile {
  to:
    | '/admin/callbacks'
    | '/admin/news'
    | '/admin/glossary'
    | '/admin/faqs'
    | '/admin/policy-types'
    | '/admin/users'
    | '/admin/password-reset';
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
  {
    to: '/admin/news',
    title: 'News',
    description: 'Write and edit news articles.',
    icon: IconNews,
    count: { key: 'news', one: 'article', many: 'articles' },
  },
  {
    to: '/admin/glossary',
    title: 'Glossary',
    description: 'Insurance terms and their definitions.',
    icon: IconBook2,
    count: { key: 'glossary', one: 'term', many: 'terms' },
  },
  {
    to: '/admin/faqs',
    title: 'FAQs',
    description: 'Questions and answers on the FAQ page.',
    icon: IconHelpCircle,
    count: { key: 'faqs', one: 'FAQ', many: 'FAQs' },
  },
  {
    to: '/admin/policy-types',
    title: 'Policy Types',
    description: 'Types every user can pick for a policy.',
    icon: IconCategory,
    count: { key: 'policy_types', one: 'type', many: 'types' },
  },
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

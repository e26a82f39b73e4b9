import type { ReactNode } from 'react';
import { AppShell, Burger, Drawer, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import { AuthPending, useAuth } from '@/features/auth';
import { site } from '@/config/site';
import { AdminNav } from './admin-nav';

/**
 * The admin area's frame: a fixed sidebar from the `sm` breakpoint up, a drawer behind the
 * burger below it (a Drawer rather than the collapsed navbar so focus is trapped while open).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const { loading, signOut } = useAuth();
  const [opened, { toggle, close }] = useDisclosure(false);

  if (loading) return <AuthPending />;

  const signOutNow = () => {
    void signOut();
  };

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding="md"
    >
      <a href="#admin-main" className="skip-link">
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconShieldCheck size={26} aria-hidden />
            <Text fw={800} fz="lg">
              {site.brand} Admin
            </Text>
          </Group>
          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            aria-label={opened ? 'Close admin menu' : 'Open admin menu'}
            aria-expanded={opened}
            aria-controls="admin-menu"
          />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" component="nav" aria-label="Admin" visibleFrom="sm">
        <AdminNav onNavigate={() => undefined} onSignOut={signOutNow} />
      </AppShell.Navbar>

      <Drawer
        id="admin-menu"
        opened={opened}
        onClose={close}
        title="Admin menu"
        hiddenFrom="sm"
        size="xs"
        padding="sm"
      >
        <nav aria-label="Admin">
          <AdminNav onNavigate={close} onSignOut={signOutNow} />
        </nav>
      </Drawer>

      <AppShell.Main id="admin-main" tabIndex={-1}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}

import { Button, Menu, NavLink, Stack } from '@mantine/core';
import { IconChevronDown, IconLogout, IconKey, IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAuth } from './auth-context';
import { LoginButton } from './login-button';

interface AccountMenuProps {
  /** 'menu' is the header dropdown; 'drawer' lists the same items flat inside the mobile menu. */
  variant: 'menu' | 'drawer';
  onNavigate?: () => void;
}

export function AccountMenu({ variant, onNavigate }: AccountMenuProps) {
  const { user, isAdmin, signOut } = useAuth();

  if (!user) return <LoginButton variant={variant} onNavigate={onNavigate} />;

  const dashboard = isAdmin
    ? { to: '/admin' as const, label: 'Admin Dashboard' }
    : { to: '/policy-tracker' as const, label: 'Policy Dashboard' };
  const resetTo = isAdmin ? ('/admin/password-reset' as const) : ('/password-reset' as const);

  const handleSignOut = () => {
    onNavigate?.();
    void signOut();
  };

  if (variant === 'drawer') {
    return (
      <Stack gap={4} aria-label="My Account">
        <NavLink
          component={Link}
          to={dashboard.to}
          label={dashboard.label}
          leftSection={<IconLayoutDashboard size={18} aria-hidden />}
          onClick={onNavigate}
        />
        <NavLink
          component={Link}
          to={resetTo}
          label="Reset Password"
          leftSection={<IconKey size={18} aria-hidden />}
          onClick={onNavigate}
        />
        <NavLink
          component="button"
          label="Sign Out"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={handleSignOut}
        />
      </Stack>
    );
  }

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="light" rightSection={<IconChevronDown size={16} aria-hidden />}>
          My Account
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item
          component={Link}
          to={dashboard.to}
          leftSection={<IconLayoutDashboard size={16} aria-hidden />}
        >
          {dashboard.label}
        </Menu.Item>
        <Menu.Item component={Link} to={resetTo} leftSection={<IconKey size={16} aria-hidden />}>
          Reset Password
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={handleSignOut}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { Button, Menu, NavLink, Stack } from '@mantine/core';
import {
  IconBell,
  IconChevronDown,
  IconLogout,
  IconKey,
  IconLayoutDashboard,
  type Icon,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useAuth } from './auth-context';
import { LoginButton } from './login-button';

interface AccountMenuProps {
  /** 'menu' is the header dropdown; 'drawer' lists the same items flat inside the mobile menu. */
  variant: 'menu' | 'drawer';
  onNavigate?: () => void;
}

interface AccountLink {
  to:
    | '/admin'
    | '/policy-tracker'
    | '/policy-tracker/settings'
    | '/admin/password-reset'
    | '/password-reset';
  label: string;
  icon: Icon;
}

function accountLinks(isAdmin: boolean): AccountLink[] {
  if (isAdmin) {
    return [
      { to: '/admin', label: 'Admin Dashboard', icon: IconLayoutDashboard },
      { to: '/admin/password-reset', label: 'Reset Password', icon: IconKey },
    ];
  }
  // Reminders are about the user's own policies; the admin's account is for the admin area.
  return [
    { to: '/policy-tracker', label: 'Policy Dashboard', icon: IconLayoutDashboard },
    { to: '/policy-tracker/settings', label: 'Reminder settings', icon: IconBell },
    { to: '/password-reset', label: 'Reset Password', icon: IconKey },
  ];
}

export function AccountMenu({ variant, onNavigate }: AccountMenuProps) {
  const { user, isAdmin, signOut } = useAuth();

  if (!user) return <LoginButton variant={variant} onNavigate={onNavigate} />;

  const links = accountLinks(isAdmin);

  const handleSignOut = () => {
    onNavigate?.();
    void signOut();
  };

  if (variant === 'drawer') {
    return (
      <Stack gap={4} aria-label="My Account">
        {links.map(({ to, label, icon: ItemIcon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={label}
            leftSection={<ItemIcon size={18} aria-hidden />}
            onClick={onNavigate}
          />
        ))}
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
        {links.map(({ to, label, icon: ItemIcon }) => (
          <Menu.Item
            key={to}
            component={Link}
            to={to}
            leftSection={<ItemIcon size={16} aria-hidden />}
          >
            {label}
          </Menu.Item>
        ))}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={handleSignOut}>
          Sign Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

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
import { useT } from '@/lib/use-i18n';
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
  /** A catalog id. */
  label: string;
  icon: Icon;
}

function accountLinks(isAdmin: boolean): AccountLink[] {
  if (isAdmin) {
    return [
      { to: '/admin', label: 'auth.menu.adminDashboard', icon: IconLayoutDashboard },
      { to: '/admin/password-reset', label: 'auth.menu.resetPassword', icon: IconKey },
    ];
  }
  // Reminders are about the user's own policies; the admin's account is for the admin area.
  return [
    { to: '/policy-tracker', label: 'auth.menu.policyDashboard', icon: IconLayoutDashboard },
    { to: '/policy-tracker/settings', label: 'auth.menu.reminderSettings', icon: IconBell },
    { to: '/password-reset', label: 'auth.menu.resetPassword', icon: IconKey },
  ];
}

export function AccountMenu({ variant, onNavigate }: AccountMenuProps) {
  const t = useT();
  const { user, isAdmin, signOut } = useAuth();

  if (!user) return <LoginButton variant={variant} onNavigate={onNavigate} />;

  const links = accountLinks(isAdmin);

  const handleSignOut = () => {
    onNavigate?.();
    void signOut();
  };

  if (variant === 'drawer') {
    return (
      <Stack gap={4} aria-label={t('auth.menu.myAccount')}>
        {links.map(({ to, label, icon: ItemIcon }) => (
          <NavLink
            key={to}
            component={Link}
            to={to}
            label={t(label)}
            leftSection={<ItemIcon size={18} aria-hidden />}
            onClick={onNavigate}
          />
        ))}
        <NavLink
          component="button"
          label={t('auth.menu.signOut')}
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
          {t('auth.menu.myAccount')}
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
            {t(label)}
          </Menu.Item>
        ))}
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={handleSignOut}>
          {t('auth.menu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

import { NavLink, Stack, Divider } from '@mantine/core';
import {
  IconArrowLeft,
  IconLayoutDashboard,
  IconLogout,
  IconPhoneCall,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useRouterState } from '@tanstack/react-router';
import { adminResources } from '../resources';

const items = [
  { to: '/admin', label: 'Dashboard', icon: IconLayoutDashboard, exact: true },
  { to: '/admin/callbacks', label: 'Callbacks', icon: IconPhoneCall, exact: false },
  ...adminResources.map((r) => ({
    to: `/admin/${r.path}`,
    label: r.label,
    icon: r.icon,
    exact: false,
  })),
  { to: '/admin/users', label: 'Users', icon: IconUsers, exact: false },
];

function isActive(pathname: string, to: string, exact: boolean): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return exact ? path === to : path === to || path.startsWith(`${to}/`);
}

/**
 * The router's Link marks itself current (aria-current, "active") whenever the path starts
 * with its target, so /admin and "Back to Site" (/) were current on every admin page too.
 * Exact matching for those two leaves one current item: the section the page belongs to.
 */
const exactOnly = { exact: true } as const;

interface AdminNavProps {
  /** Closes the mobile drawer after a choice. */
  onNavigate: () => void;
  onSignOut: () => void;
}

export function AdminNav({ onNavigate, onSignOut }: AdminNavProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {items.map(({ to, label, icon: Icon, exact }) => {
        const active = isActive(pathname, to, exact);
        return (
          <li key={to}>
            <NavLink
              component={Link}
              to={to}
              label={label}
              leftSection={<Icon size={18} aria-hidden />}
              active={active}
              activeOptions={{ exact }}
              onClick={onNavigate}
            />
          </li>
        );
      })}
      <li aria-hidden>
        <Divider my="sm" />
      </li>
      <li>
        <NavLink
          component={Link}
          to="/"
          activeOptions={exactOnly}
          label="Back to Site"
          leftSection={<IconArrowLeft size={18} aria-hidden />}
          onClick={onNavigate}
        />
      </li>
      <li>
        <NavLink
          component="button"
          type="button"
          label="Sign Out"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={() => {
            onNavigate();
            onSignOut();
          }}
        />
      </li>
    </Stack>
  );
}

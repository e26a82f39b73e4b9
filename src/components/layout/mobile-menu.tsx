import type { ReactNode } from 'react';
import { Drawer, NavLink, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLocalePath, useT } from '@/lib/use-i18n';
import { primaryNav } from './nav-links';

export interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  renderAccount: (variant: 'menu' | 'drawer', close: () => void) => ReactNode;
  navBadge?: (to: string) => ReactNode;
  renderActions?: (variant: 'menu' | 'drawer') => ReactNode;
}

/** The phone navigation drawer, split from the header because it brings Mantine's modal stack. */
export function MobileMenu({
  opened,
  onClose: close,
  renderAccount,
  navBadge,
  renderActions,
}: MobileMenuProps) {
  const t = useT();
  const localePath = useLocalePath();
  return (
    <Drawer
      id="mobile-menu"
      opened={opened}
      onClose={close}
      title={t('shell.menu.title')}
      position="right"
      size="xs"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': t('shell.menu.close') }}
    >
      <Stack gap="xs">
        <nav aria-label={t('shell.nav.mobile')}>
          {primaryNav.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={localePath(item.to)}
              label={t(item.label)}
              rightSection={navBadge?.(item.to)}
              onClick={close}
              activeOptions={{ exact: item.to === '/' }}
            />
          ))}
        </nav>
        {renderAccount('drawer', close)}
        {renderActions?.('drawer')}
      </Stack>
    </Drawer>
  );
}

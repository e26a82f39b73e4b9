import { Suspense, useState, type ReactNode } from 'react';
import { retryingLazy } from '@/lib/retrying-lazy';
import { Anchor, Box, Burger, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconShieldCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { site } from '@/config/site';
import { useLocalePath, useT } from '@/lib/use-i18n';
import type { MobileMenuProps } from './mobile-menu';
import { primaryNav } from './nav-links';
import classes from './layout.module.css';

const MobileMenu = retryingLazy(
  () => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })),
  PlainMobileMenu,
);

/**
 * The phone menu's links without the drawer's code: shown while that code cannot load (a first
 * visit gone offline), so the burger a user tapped still opens a way around the site.
 */
function PlainMobileMenu({ opened, onClose }: MobileMenuProps) {
  const t = useT();
  const localePath = useLocalePath();
  if (!opened) return null;
  return (
    <nav id="mobile-menu" aria-label={t('shell.nav.mobile')} className={classes.plainMenu}>
      {primaryNav.map((item) => (
        <Anchor key={item.to} component={Link} to={localePath(item.to)} onClick={onClose}>
          {t(item.label)}
        </Anchor>
      ))}
    </nav>
  );
}

interface HeaderProps {
  /** Renders the account area; the layout does not know about auth, the root route does. */
  renderAccount: (variant: 'menu' | 'drawer', close: () => void) => ReactNode;
  /** Optional decoration after a nav label (e.g. a due-soon count on Policy Tracker). */
  navBadge?: (to: string) => ReactNode;
  /** Extra header actions such as the install button; shown in the header and the drawer. */
  renderActions?: (variant: 'menu' | 'drawer') => ReactNode;
}

export function Header({ renderAccount, navBadge, renderActions }: HeaderProps) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const t = useT();
  const localePath = useLocalePath();

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" h="100%">
        <Group justify="space-between" h="100%" wrap="nowrap">
          <Anchor component={Link} to="/" className={classes.brand} underline="never">
            <IconShieldCheck size={28} aria-hidden />
            <Text component="span" fw={800} fz="xl">
              {site.brand}
            </Text>
          </Anchor>

          <Group component="nav" aria-label={t('shell.nav.main')} gap="lg" visibleFrom="md">
            {primaryNav.map((item) => (
              <Anchor
                key={item.to}
                component={Link}
                to={localePath(item.to)}
                className={classes.navLink}
                activeOptions={{ exact: item.to === '/' }}
                activeProps={{ 'aria-current': 'page', 'data-active': true }}
              >
                {t(item.label)}
                {navBadge?.(item.to)}
              </Anchor>
            ))}
          </Group>

          <Group visibleFrom="md" gap="sm" wrap="nowrap">
            {renderActions?.('menu')}
            {renderAccount('menu', close)}
          </Group>

          <Burger
            opened={opened}
            onClick={() => {
              setMenuWanted(true);
              toggle();
            }}
            hiddenFrom="md"
            aria-label={opened ? t('shell.menu.close') : t('shell.menu.open')}
            aria-expanded={opened}
            aria-controls="mobile-menu"
          />
        </Group>
      </Container>

      {/* Mounted on the first tap: most visits never open it, so it stays out of the entry. */}
      {menuWanted ? (
        <Suspense fallback={null}>
          <MobileMenu
            opened={opened}
            onClose={close}
            navBadge={navBadge}
            renderAccount={renderAccount}
            renderActions={renderActions}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}

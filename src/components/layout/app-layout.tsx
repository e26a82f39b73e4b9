import type { ReactNode } from 'react';
import { Box } from '@mantine/core';
import { Header } from './header';
import { Footer } from './footer';
import { BookmarkHint } from './bookmark-hint';
import classes from './layout.module.css';

interface AppLayoutProps {
  children: ReactNode;
  renderAccount: (variant: 'menu' | 'drawer', close: () => void) => ReactNode;
  navBadge?: (to: string) => ReactNode;
  renderActions?: (variant: 'menu' | 'drawer') => ReactNode;
  /** Banners under the header: offline notice, update prompt, sync state. */
  banners?: ReactNode;
}

export function AppLayout({
  children,
  renderAccount,
  navBadge,
  renderActions,
  banners,
}: AppLayoutProps) {
  return (
    <>
      <a href="#main-content" className="skip-link">
        Skip to main content
      </a>
      <Header renderAccount={renderAccount} navBadge={navBadge} renderActions={renderActions} />
      {banners}
      <Box component="main" id="main-content" tabIndex={-1} className={classes.main}>
        {children}
      </Box>
      <Footer />
      <BookmarkHint />
    </>
  );
}

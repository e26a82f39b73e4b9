import { Suspense, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { ClientOnly } from '@/lib/client-only';
import { useT } from '@/lib/use-i18n';
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
  const t = useT();
  return (
    <>
      <a href="#main-content" className="skip-link">
        {t('shell.skipToContent')}
      </a>
      {/* Each boundary hydrates a pre-rendered page in its own pass, so the browser gets
          control back between header, page and footer instead of one long task. */}
      <Suspense>
        <Header renderAccount={renderAccount} navBadge={navBadge} renderActions={renderActions} />
      </Suspense>
      {banners}
      <Box component="main" id="main-content" tabIndex={-1} className={classes.main}>
        <Suspense>{children}</Suspense>
      </Box>
      <Suspense>
        <Footer />
      </Suspense>
      {/* After hydration: its dialog mounts a portal, work a pre-rendered page can skip. */}
      <ClientOnly>
        <BookmarkHint />
      </ClientOnly>
    </>
  );
}

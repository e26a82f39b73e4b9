import { Suspense, useEffect, type ReactNode } from 'react';
import { retryingLazy } from '@/lib/retrying-lazy';
import { ClientOnly, useIdleAfterLoad } from '@/lib/client-only';
import { loadCatalogPart } from '@/lib/i18n';
import { nextTask } from '@/lib/next-task';
import { AppLayout } from '@/components/layout';
import { LoginButton, useAuth } from '@/features/auth';
import { InstallButton, OfflineBanner } from '@/features/pwa';
import { LanguageSwitcher, useProfileLocale } from '@/features/language';
import { DueCountBadge, ReminderAgent } from '@/features/reminders';

// Its dropdown brings Mantine's Menu/Popover and floating-ui, and its texts are in the account
// catalog part; the header paints without them. Should the part not load (offline before the
// tracker ever cached it), the menu still works, its labels as their ids.
const AccountMenu = retryingLazy(() =>
  Promise.all([
    import('@/features/auth/account-menu'),
    loadCatalogPart('account').catch(() => undefined),
  ]).then(([m]) => ({ default: m.AccountMenu })),
);

const accountPlaceholder = <div style={{ minWidth: 132, minHeight: 36 }} />;

/**
 * Once the first page is in and the browser is idle, the news, glossary and FAQ lists are
 * stored for offline reading (features/content/prefetch.ts); loaded lazily, as they bring
 * Dexie and supabase-js. Dexie is evaluated in a task of its own first: with the rest in one
 * go it made the home page's longest task after hydration (issue 22, total blocking time).
 */
function usePrefetchContentWhenIdle() {
  const idle = useIdleAfterLoad();
  useEffect(() => {
    if (!idle) return;
    import('dexie')
      .then(nextTask)
      .then(() => import('@/features/content/prefetch'))
      .then((m) => m.startContentPrefetch())
      // Offline before the service worker has cached the chunk: the next start tries again.
      .catch((error: unknown) => console.error(error));
  }, [idle]);
}

/** The shared public layout, composed here because only routes may join features and UI. */
export function SiteShell({ children }: { children: ReactNode }) {
  usePrefetchContentWhenIdle();
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  useProfileLocale(userId);
  return (
    <AppLayout
      renderAccount={(variant, close) => {
        // Signed out: a plain button, with no menu code to fetch.
        if (!user && !loading) return <LoginButton variant={variant} onNavigate={close} />;
        // The placeholder reserves the button's size so the header does not shift; the menu
        // loads after hydration, so a pre-rendered page shows the same placeholder.
        if (!user) return accountPlaceholder;
        return (
          <ClientOnly fallback={accountPlaceholder}>
            <Suspense fallback={accountPlaceholder}>
              <AccountMenu variant={variant} onNavigate={close} />
            </Suspense>
          </ClientOnly>
        );
      }}
      renderActions={(variant) => (
        <>
          <LanguageSwitcher userId={userId} fullWidth={variant === 'drawer'} />
          <InstallButton fullWidth={variant === 'drawer'} />
        </>
      )}
      navBadge={(to) =>
        to === '/policy-tracker' && userId ? <DueCountBadge userId={userId} /> : null
      }
      banners={<OfflineBanner />}
    >
      <ReminderAgent userId={userId} ready={!loading} />
      {children}
    </AppLayout>
  );
}

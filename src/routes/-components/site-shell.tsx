import type { ReactNode } from 'react';
import { AppLayout } from '@/components/layout';
import { AccountMenu, useAuth } from '@/features/auth';
import { InstallButton, OfflineBanner } from '@/features/pwa';
import { DueCountBadge, ReminderAgent } from '@/features/reminders';

/** The shared public layout, composed here because only routes may join features and UI. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const userId = user?.id ?? null;
  return (
    <AppLayout
      renderAccount={(variant, close) => <AccountMenu variant={variant} onNavigate={close} />}
      renderActions={(variant) => <InstallButton fullWidth={variant === 'drawer'} />}
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

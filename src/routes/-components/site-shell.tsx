import type { ReactNode } from 'react';
import { AppLayout } from '@/components/layout';
import { AccountMenu } from '@/features/auth';
import { InstallButton, OfflineBanner } from '@/features/pwa';

/** The shared public layout, composed here because only routes may join features and UI. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <AppLayout
      renderAccount={(variant, close) => <AccountMenu variant={variant} onNavigate={close} />}
      renderActions={(variant) => <InstallButton fullWidth={variant === 'drawer'} />}
      banners={<OfflineBanner />}
    >
      {children}
    </AppLayout>
  );
}

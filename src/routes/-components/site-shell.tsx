import type { ReactNode } from 'react';
import { AppLayout } from '@/components/layout';
import { AccountMenu } from '@/features/auth';

/** The shared public layout, composed here because only routes may join features and UI. */
export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <AppLayout
      renderAccount={(variant, close) => <AccountMenu variant={variant} onNavigate={close} />}
    >
      {children}
    </AppLayout>
  );
}

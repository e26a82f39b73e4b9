import { Alert, Container } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useT } from '@/lib/use-i18n';

/** The notice itself, loaded by OfflineBanner (offline-banner.tsx). */
export function OfflineNotice() {
  const t = useT();
  return (
    <Container size="lg" pt="sm">
      <Alert
        role="status"
        color="yellow"
        variant="light"
        icon={<IconWifiOff size={18} aria-hidden />}
        title={t('shell.offline.title')}
      >
        {t('shell.offline.body')}
      </Alert>
    </Container>
  );
}

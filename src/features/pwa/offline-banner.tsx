import { Alert, Container } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';
import { useT } from '@/lib/use-i18n';

export function OfflineBanner() {
  const { online } = useNetwork();
  const t = useT();
  if (online) return null;
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

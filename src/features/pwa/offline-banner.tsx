import { Alert, Container } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { IconWifiOff } from '@tabler/icons-react';

export function OfflineBanner() {
  const { online } = useNetwork();
  if (online) return null;
  return (
    <Container size="lg" pt="sm">
      <Alert
        role="status"
        color="yellow"
        variant="light"
        icon={<IconWifiOff size={18} aria-hidden />}
        title="You are offline"
      >
        Guides, calculators and your saved policies still work. Changes are kept on this device and
        sync when you are back online.
      </Alert>
    </Container>
  );
}

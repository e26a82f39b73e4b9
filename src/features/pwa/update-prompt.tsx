import { useEffect, useState } from 'react';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { hasUnsavedChanges } from '@/lib/unsaved-changes';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Registers the service worker and offers updates. A new version waits until the user agrees,
 * and never replaces a page that holds unsaved form input.
 */
export function UpdatePrompt() {
  const [registration, setRegistration] = useState<ServiceWorkerRegistration>();
  const [blocked, setBlocked] = useState(false);
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    // The root route mounts after the window's load event, which the default waits for.
    immediate: true,
    onRegisteredSW: (_url, reg) => setRegistration(reg),
  });

  useEffect(() => {
    if (!registration) return;
    const check = () => {
      if (navigator.onLine) void registration.update().catch(() => undefined);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = window.setInterval(check, HOUR_MS);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [registration]);

  if (!needRefresh) return null;

  const reload = () => {
    if (hasUnsavedChanges()) {
      setBlocked(true);
      return;
    }
    // workbox-window only reloads by itself for updates it found; ours are also found by the
    // hourly and on-visible checks, so the reload is tied to the controller change directly.
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
      once: true,
    });
    void updateServiceWorker(false);
  };

  return (
    <Affix position={{ bottom: 20, left: 20, right: 20 }} zIndex={500}>
      <Paper
        withBorder
        shadow="md"
        p="md"
        maw={480}
        role="status"
        aria-live="polite"
        data-testid="update-prompt"
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <div>
            <Text fw={700}>A new version is available</Text>
            <Text fz="sm" c="dimmed">
              {blocked
                ? 'Save or leave the form you are editing first, then reload.'
                : 'Reload to get the latest guides and fixes.'}
            </Text>
          </div>
          <Group gap="xs" wrap="nowrap">
            <Button variant="subtle" onClick={() => setNeedRefresh(false)}>
              Later
            </Button>
            <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={reload}>
              Reload
            </Button>
          </Group>
        </Group>
      </Paper>
    </Affix>
  );
}

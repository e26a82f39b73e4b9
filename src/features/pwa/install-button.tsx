import { useEffect, useState } from 'react';
import { Button, List, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia('(display-mode: standalone)').matches || nav.standalone === true;
}

function isIosSafari(): boolean {
  const ua = navigator.userAgent;
  const ios = /iPad|iPhone|iPod/.test(ua) || (ua.includes('Mac') && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
}

/** Offers installation where the browser allows it; iOS Safari gets short manual steps. */
export function InstallButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [installed, setInstalled] = useState(() => isStandalone());
  const [iosOpened, ios] = useDisclosure(false);

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPromptEvent(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => {
      setInstalled(true);
      setPromptEvent(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (installed) return null;

  if (promptEvent) {
    return (
      <Button
        variant="light"
        fullWidth={fullWidth}
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={() => {
          void promptEvent.prompt();
          void promptEvent.userChoice.then(({ outcome }) => {
            if (outcome === 'accepted') setInstalled(true);
            setPromptEvent(null);
          });
        }}
      >
        Install app
      </Button>
    );
  }

  if (!isIosSafari()) return null;

  return (
    <>
      <Button
        variant="light"
        fullWidth={fullWidth}
        leftSection={<IconDownload size={16} aria-hidden />}
        onClick={ios.open}
      >
        Add to Home Screen
      </Button>
      <Modal opened={iosOpened} onClose={ios.close} title="Add BimaGuide to your Home Screen">
        <List type="ordered" spacing="xs">
          <List.Item>Tap the Share button at the bottom of Safari.</List.Item>
          <List.Item>Scroll down and tap “Add to Home Screen”.</List.Item>
          <List.Item>Tap “Add”. BimaGuide opens like an app, even offline.</List.Item>
        </List>
        <Text fz="sm" c="dimmed" mt="md">
          Your guides, calculators and saved policies stay available without a connection.
        </Text>
      </Modal>
    </>
  );
}

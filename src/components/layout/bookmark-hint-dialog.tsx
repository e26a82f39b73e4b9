import { CloseButton, Dialog, Group, Kbd, Text } from '@mantine/core';
import { IconBookmark } from '@tabler/icons-react';
import { useT, withElements } from '@/lib/use-i18n';
import { site } from '@/config/site';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The hint itself, loaded when it first opens (see bookmark-hint.tsx). */
export function BookmarkHintDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      withCloseButton={false}
      size="md"
      radius="md"
      position={{ bottom: 20, left: 20 }}
      role="dialog"
      aria-labelledby="bookmark-hint-title"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconBookmark size={24} aria-hidden />
        <div>
          <Text id="bookmark-hint-title" fw={700} mb={4}>
            {t('shell.bookmark.title', { brand: site.brand })}
          </Text>
          <Text fz="sm">
            {withElements(t, 'shell.bookmark.text', {
              keys: (
                <>
                  <Kbd>{isMac ? '⌘' : 'Ctrl'}</Kbd> + <Kbd>D</Kbd>
                </>
              ),
            })}
          </Text>
        </div>
        <CloseButton onClick={onClose} aria-label={t('shell.bookmark.close')} />
      </Group>
    </Dialog>
  );
}

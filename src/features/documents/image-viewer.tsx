import { useT } from '@/lib/use-i18n';
import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { IconZoomIn, IconZoomOut, IconZoomReset } from '@tabler/icons-react';
import { TransformComponent, TransformWrapper } from 'react-zoom-pan-pinch';

interface ImageViewerProps {
  /** An object URL the caller made and revokes when the viewer closes. */
  url: string;
  name: string;
  onClose: () => void;
}

/**
 * A photo of a document, large enough to read: pinch or wheel to zoom, drag to pan, and
 * buttons for the same. Loaded only when a photo is opened (with react-zoom-pan-pinch).
 * Mantine's Modal traps focus and gives it back to the button that opened it.
 */
export default function ImageViewer({ url, name, onClose }: ImageViewerProps) {
  const t = useT();
  return (
    <Modal
      opened
      onClose={onClose}
      title={name}
      size="xl"
      fullScreen={false}
      trapFocus
      returnFocus
      centered
    >
      <TransformWrapper minScale={1} maxScale={8} doubleClick={{ mode: 'toggle' }}>
        {({ zoomIn, zoomOut, resetTransform }) => (
          <>
            <Group gap="xs" mb="xs" justify="center">
              {(
                [
                  [t('documents.zoomIn'), IconZoomIn, () => zoomIn()],
                  [t('documents.zoomOut'), IconZoomOut, () => zoomOut()],
                  [t('documents.zoomReset'), IconZoomReset, () => resetTransform()],
                ] as const
              ).map(([label, Icon, onClick]) => (
                <ActionIcon
                  key={label}
                  variant="default"
                  size="lg"
                  aria-label={label}
                  onClick={onClick}
                >
                  <Icon aria-hidden />
                </ActionIcon>
              ))}
            </Group>
            <TransformComponent
              wrapperStyle={{
                width: '100%',
                maxHeight: '75vh',
                background: 'var(--mantine-color-gray-1)',
              }}
              contentStyle={{ width: '100%', justifyContent: 'center' }}
            >
              <img src={url} alt={name} style={{ maxWidth: '100%', maxHeight: '75vh' }} />
            </TransformComponent>
            <Text size="xs" c="dimmed" ta="center" mt="xs">
              {t('documents.zoomHelp')}
            </Text>
          </>
        )}
      </TransformWrapper>
    </Modal>
  );
}

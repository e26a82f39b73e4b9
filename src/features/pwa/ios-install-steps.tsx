import { List, Modal, Text } from '@mantine/core';
import { useT } from '@/lib/use-i18n';

/** iOS Safari's manual install steps; its own chunk, as only iOS visitors ever open it. */
export function IosInstallSteps({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  return (
    <Modal opened={opened} onClose={onClose} title={t('shell.install.iosTitle')}>
      <List type="ordered" spacing="xs">
        <List.Item>{t('shell.install.iosStep1')}</List.Item>
        <List.Item>{t('shell.install.iosStep2')}</List.Item>
        <List.Item>{t('shell.install.iosStep3')}</List.Item>
      </List>
      <Text fz="sm" c="dimmed" mt="md">
        {t('shell.install.iosNote')}
      </Text>
    </Modal>
  );
}

import { List, Modal, Text } from '@mantine/core';

/** iOS Safari's manual install steps; its own chunk, as only iOS visitors ever open it. */
export function IosInstallSteps({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add BimaGuide to your Home Screen">
      <List type="ordered" spacing="xs">
        <List.Item>Tap the Share button at the bottom of Safari.</List.Item>
        <List.Item>Scroll down and tap “Add to Home Screen”.</List.Item>
        <List.Item>Tap “Add”. BimaGuide opens like an app, even offline.</List.Item>
      </List>
      <Text fz="sm" c="dimmed" mt="md">
        Your guides, calculators and saved policies stay available without a connection.
      </Text>
    </Modal>
  );
}

import { Center, Group, Loader, Text } from '@mantine/core';

/** A spinner with what is loading ('Loading policy...'), announced as a status. */
export function LoadingStatus({ label, py = 'xl' }: { label: string; py?: 'md' | 'xl' }) {
  return (
    <Center py={py}>
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{label}</Text>
      </Group>
    </Center>
  );
}

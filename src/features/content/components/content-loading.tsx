import { Skeleton, Stack, Text } from '@mantine/core';

/** Placeholder shown only when nothing is stored yet and the first fetch is running. */
export function ContentLoading({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true">
      <Text c="dimmed" role="status">
        {label}
      </Text>
      <Skeleton height={24} width="60%" />
      <Skeleton height={16} />
      <Skeleton height={16} />
      <Skeleton height={16} width="80%" />
    </Stack>
  );
}

import type { ReactNode } from 'react';
import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/**
 * A framed card led by an icon and a heading: the home page's reasons, the tracker's features
 * (level 3, a short text under them) and the contact page's ways to reach us (level 2, with
 * their links).
 */
export function IconCard({
  icon: CardIcon,
  title,
  order = 3,
  children,
}: {
  icon: Icon;
  title: string;
  order?: 2 | 3;
  children: ReactNode;
}) {
  const large = order === 3;
  return (
    <Card withBorder radius="lg" padding="lg">
      <ThemeIcon
        size={large ? 44 : 40}
        radius="md"
        variant="light"
        mb={large ? 'md' : 'sm'}
        aria-hidden
      >
        <CardIcon size={large ? 26 : 24} />
      </ThemeIcon>
      <Title order={order} fz="lg" mb="xs">
        {title}
      </Title>
      {large ? (
        <Text c="dimmed" fz="sm">
          {children}
        </Text>
      ) : (
        <Stack gap="xs" align="flex-start">
          {children}
        </Stack>
      )}
    </Card>
  );
}

import type { ReactNode } from 'react';
import { Badge, Box, Container, Group, Stack, Text, Title } from '@mantine/core';

/** The tinted band that opens the home page and the tracker's introduction. */
export function Hero({
  badge,
  title,
  text,
  actions,
  width,
}: {
  badge: ReactNode;
  title: string;
  text: string;
  actions: ReactNode;
  width: number;
}) {
  return (
    <Box bg="teal.0" py={{ base: 48, md: 80 }}>
      <Container size="lg">
        <Stack gap="lg" maw={width}>
          {badge}
          <Title order={1} fz={{ base: 32, md: 48 }} lh={1.15}>
            {title}
          </Title>
          <Text fz="lg" c="dimmed">
            {text}
          </Text>
          <Group>{actions}</Group>
        </Stack>
      </Container>
    </Box>
  );
}

/** The plain badge above a hero's heading. */
export function HeroBadge({ children }: { children: ReactNode }) {
  return (
    <Badge variant="light" size="lg">
      {children}
    </Badge>
  );
}

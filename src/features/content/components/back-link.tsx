import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

export function BackLink({ to, label }: { to: '/news' | '/glossary'; label: string }) {
  return (
    <Anchor component={Link} to={to} fw={600}>
      <Group gap={6} component="span">
        <IconArrowLeft size={18} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** "← Back to …": the link at the top of a page that leads back to its list. */
export function BackLink({
  to,
  label,
}: {
  to: '/news' | '/glossary' | '/policy-tracker';
  label: string;
}) {
  return (
    <Anchor component={Link} to={to} fw={600} style={{ alignSelf: 'flex-start' }}>
      <Group gap={6} component="span">
        <IconArrowLeft size={18} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

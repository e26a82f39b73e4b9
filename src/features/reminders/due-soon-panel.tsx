import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { groupDueItems, type DueGroupId, type DueItem } from './due-items';
import { useDueItems } from './use-due-items';

const groupColors: Record<DueGroupId, string> = {
  lapsed: 'red',
  today: 'orange',
  week: 'orange',
  month: 'yellow',
};

function DueRow({ item }: { item: DueItem }) {
  const { policy, status } = item;
  const name = policy.typeName
    ? `${policy.typeName} — ${policy.insurer_name}`
    : policy.insurer_name;
  return (
    <List.Item>
      <Anchor
        renderRoot={(props) => (
          <Link {...props} to="/policy-tracker" search={{ highlight: policy.id }} />
        )}
        fw={600}
        aria-label={`${name}, policy ${policy.policy_number}: ${status.text}`}
      >
        {name}
      </Anchor>{' '}
      <Text span size="sm" c="dimmed">
        {policy.policy_number} · {status.text}
      </Text>
    </List.Item>
  );
}

/**
 * Renewals needing attention, grouped (lapsed, today, within 7 and 30 days), each linking to
 * its card. Nothing is shown while nothing is due.
 */
export function DueSoonPanel({ userId }: { userId: string }) {
  const items = useDueItems(userId);
  if (!items || items.length === 0) return null;
  const groups = groupDueItems(items);
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby="due-soon-title"
      data-testid="due-soon-panel"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconBellRinging size={20} aria-hidden />
          <Title order={2} fz="h4" id="due-soon-title">
            Renewals needing attention
          </Title>
        </Group>
        {groups.map((group) => (
          <Stack key={group.id} gap={4}>
            <Group gap="xs">
              <Badge color={groupColors[group.id]} variant="light">
                {group.label}
              </Badge>
              <Text size="sm" c="dimmed">
                {group.items.length === 1 ? '1 policy' : `${group.items.length} policies`}
              </Text>
            </Group>
            <List spacing={4} size="sm" aria-label={group.label}>
              {group.items.map((item) => (
                <DueRow key={item.reminder.key} item={item} />
              ))}
            </List>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

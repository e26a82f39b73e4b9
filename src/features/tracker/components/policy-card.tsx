import { forwardRef, memo, type AnchorHTMLAttributes, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Stack,
  Text,
  ThemeIcon,
  Title,
  type MenuItemProps,
} from '@mantine/core';
import { IconDotsVertical, IconPencil, IconRefresh, IconTrash } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import { policyStatus, type IsoDate, type PolicyStatus } from '@/domain/policy';
import { formatPolicyDate } from '@/domain/tracker';
import type { PolicyView } from '@/sync';
import { PolicyTypeIcon } from './policy-type-icon';
import { FailedChanges, SyncStateBadge } from './sync-badge';

const MenuItemAnchor = forwardRef<
  HTMLAnchorElement,
  MenuItemProps & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, keyof MenuItemProps>
>(function MenuItemAnchor(props, ref) {
  return <Menu.Item component="a" ref={ref} {...props} />;
});

/** A menu item that is a real link (open in new tab works), typed by the router. */
const MenuItemLink = createLink(MenuItemAnchor);

// Dark enough for white text (or, for yellow, dark text via autoContrast) at badge size.
const statusColors: Record<PolicyStatus, string> = {
  active: 'teal.9',
  'due-soon': 'yellow.5',
  lapsed: 'red.9',
};

export interface PolicyCardActions {
  onRenew: (policy: PolicyView) => void;
  onDelete: (policy: PolicyView) => void;
  onRetry: (opId: string) => void;
  onDiscard: (opId: string) => void;
}

interface PolicyCardProps extends PolicyCardActions {
  policy: PolicyView;
  today: IsoDate;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" component="dd" m={0}>
        {children}
      </Text>
    </Group>
  );
}

export const PolicyCard = memo(function PolicyCard({
  policy,
  today,
  onRenew,
  onDelete,
  onRetry,
  onDiscard,
}: PolicyCardProps) {
  const status = policyStatus(policy.next_renewal_date, today);
  const typeName = policy.type?.name ?? 'Uncategorised';
  const headingId = `policy-${policy.id}-title`;
  const subject = `${policy.insurer_name} ${policy.policy_number}`;

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      aria-labelledby={headingId}
      data-policy-id={policy.id}
      data-testid="policy-card"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={44} radius="md" variant="light">
              <PolicyTypeIcon name={policy.type?.icon} size={24} />
            </ThemeIcon>
            <div>
              <Title order={3} fz="lg" id={headingId}>
                {policy.insurer_name}
              </Title>
              <Text size="sm" c="dimmed">
                {typeName}
              </Text>
            </div>
          </Group>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`More actions for ${subject}`}>
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <MenuItemLink
                to="/policy-tracker/edit/$id"
                params={{ id: policy.id }}
                leftSection={<IconPencil size={16} aria-hidden />}
              >
                Edit
              </MenuItemLink>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => onDelete(policy)}
              >
                Delete
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>

        <Group gap="xs">
          <Badge
            color={statusColors[status.status]}
            variant="filled"
            autoContrast
            data-status={status.status}
          >
            {status.badge}
          </Badge>
          <Text size="sm" fw={500}>
            {status.text}
          </Text>
          <SyncStateBadge state={policy.sync} />
        </Group>

        <Stack gap={4} component="dl" m={0}>
          <Detail label="Policy number">{policy.policy_number}</Detail>
          {policy.product_name ? <Detail label="Plan">{policy.product_name}</Detail> : null}
          <Detail label="Renewal date">{formatPolicyDate(policy.next_renewal_date)}</Detail>
          <Detail label="Covered members">
            {policy.members.length > 0
              ? policy.members.map((m) => `${m.name} (${m.relationship})`).join(', ')
              : 'None added'}
          </Detail>
        </Stack>

        <FailedChanges
          changes={policy.failedOps}
          subject={subject}
          onRetry={onRetry}
          onDiscard={onDiscard}
        />

        <Button
          mt="auto"
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => onRenew(policy)}
          aria-label={`Mark Renewed: ${subject}`}
        >
          Mark Renewed
        </Button>
      </Stack>
    </Card>
  );
});

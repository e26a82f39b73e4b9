import { memo, useCallback, useId, useMemo, useState } from 'react';
import { Anchor, Badge, Group, List, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBellRinging, IconChevronDown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { z } from 'zod';
import { storageKeys } from '@/config/site';
import { statusText, typeName } from '@/features/tracker';
import { formatIndianNumber } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import type { IsoDate } from '@/domain/policy';
import type { PolicyView } from '@/sync';
import {
  dueItems,
  duePolicyInputs,
  groupDueItems,
  type DueGroup,
  type DueGroupId,
  type DueItem,
} from './due-items';

const groupColors: Record<DueGroupId, string> = {
  lapsed: 'red',
  today: 'orange',
  week: 'orange',
  month: 'yellow',
};

const panelState = z.enum(['open', 'closed']);
type PanelState = z.infer<typeof panelState>;

function readPanelState(): PanelState | undefined {
  try {
    const parsed = panelState.safeParse(window.localStorage.getItem(storageKeys.duePanel));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Storage can be switched off; the panel then opens by screen size every time.
    return undefined;
  }
}

function writePanelState(state: PanelState): void {
  try {
    window.localStorage.setItem(storageKeys.duePanel, state);
  } catch {
    // Not remembered, still toggled.
  }
}

/**
 * Open or closed as the user last left it; until they choose, closed on a phone (where the
 * list would push the policies off the first screen) and open on wider screens.
 */
function usePanelOpen(): [boolean, () => void] {
  const wide = useMediaQuery('(min-width: 48em)', false, { getInitialValueInEffect: false });
  const [chosen, setChosen] = useState<PanelState | undefined>(readPanelState);
  const open = chosen === undefined ? wide : chosen === 'open';
  const toggle = useCallback(() => {
    const next = open ? 'closed' : 'open';
    writePanelState(next);
    setChosen(next);
  }, [open]);
  return [open, toggle];
}

function DueRow({ item }: { item: DueItem }) {
  const t = useT();
  const { policy, status } = item;
  const name = policy.typeName
    ? `${typeName(t, { id: policy.typeId ?? '', name: policy.typeName })} — ${policy.insurer_name}`
    : policy.insurer_name;
  const text = statusText(t, status);
  return (
    <List.Item>
      <Anchor
        renderRoot={(props) => (
          <Link {...props} to="/policy-tracker" search={{ highlight: policy.id }} />
        )}
        fw={600}
        aria-label={t('reminders.row.label', {
          name,
          number: policy.policy_number,
          status: text,
        })}
      >
        {name}
      </Anchor>{' '}
      <Text span size="sm" c="dimmed">
        {policy.policy_number} · {text}
      </Text>
    </List.Item>
  );
}

/**
 * Renewals needing attention, grouped (lapsed, today, within 7 and 30 days), each linking to
 * its card. Collapsible; closed, it still says how many. Nothing is shown while nothing is due.
 */
export const DueSoonPanel = memo(function DueSoonPanel({
  policies,
  today,
}: {
  /** The dashboard's policies, as read for its list. */
  policies: readonly PolicyView[];
  /** The dashboard's day, so the panel and the cards say the same about a policy. */
  today: IsoDate;
}) {
  const t = useT();
  const items = useMemo(() => dueItems(duePolicyInputs(policies), today), [policies, today]);
  const [open, toggle] = usePanelOpen();
  const titleId = useId();
  const listId = useId();
  if (items.length === 0) return null;
  return (
    <Paper
      withBorder
      px="md"
      py="xs"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="due-soon-panel"
    >
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="center">
          <IconBellRinging size={20} aria-hidden style={{ flex: 'none' }} />
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Text component="h2" fw={700} fz="md" lh={1.4} m={0} id={titleId}>
              {t('reminders.panel.title')}
            </Text>
            <Text
              size="sm"
              fw={600}
              c="var(--mantine-color-orange-light-color)"
              data-testid="due-soon-count"
            >
              {t('reminders.attention', {
                count: items.length,
                n: formatIndianNumber(items.length),
              })}
            </Text>
          </Stack>
          <UnstyledButton
            aria-expanded={open}
            aria-controls={listId}
            aria-label={t(open ? 'reminders.panel.hideLabel' : 'reminders.panel.showLabel')}
            onClick={toggle}
            fz="sm"
            fw={500}
            c="blue.8"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4, flex: 'none' }}
          >
            {t(open ? 'reminders.panel.hide' : 'reminders.panel.show')}
            <IconChevronDown
              size={16}
              aria-hidden
              style={{ transform: open ? 'rotate(180deg)' : undefined }}
            />
          </UnstyledButton>
        </Group>
        {/* A plain element: Mantine's Stack would override the hidden attribute's display.
            Folded, the rows are not rendered at all: with hundreds due they were most of the
            dashboard's first render on a phone, where the panel starts folded (issue 22). */}
        <div id={listId} hidden={!open}>
          {open ? <DueGroups groups={groupDueItems(items)} /> : null}
        </div>
      </Stack>
    </Paper>
  );
});

function DueGroups({ groups }: { groups: DueGroup[] }) {
  const t = useT();
  return (
    <Stack gap="sm">
      {groups.map((group) => (
        <Stack key={group.id} gap={4}>
          <Group gap="xs">
            <Badge color={groupColors[group.id]} variant="light">
              {group.label}
            </Badge>
            <Text size="sm" c="dimmed">
              {t('reminders.panel.policies', {
                count: group.items.length,
                n: formatIndianNumber(group.items.length),
              })}
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
  );
}

import type { ReactNode } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';

export interface NoticeAction {
  label: string;
  /** Names what the button acts on, for screen readers; contains `label`. */
  ariaLabel: string;
  onClick: () => void;
  variant?: 'light' | 'subtle';
}

export interface Notice {
  key: string;
  text: string;
  actions: NoticeAction[];
}

interface NoticeListProps {
  notices: readonly Notice[];
  color: string;
  icon: ReactNode;
  testId: string;
}

/** The dashboard's notes about what sync decided: one alert each, with its actions. */
export function NoticeList({ notices, color, icon, testId }: NoticeListProps) {
  if (notices.length === 0) return null;
  return (
    <Stack gap="xs" data-testid={testId}>
      {notices.map((notice) => (
        <Alert key={notice.key} color={color} variant="light" p="xs" icon={icon}>
          <Group gap="xs" justify="space-between" wrap="wrap">
            <Text size="sm">{notice.text}</Text>
            <Group gap="xs">
              {notice.actions.map((action) => (
                <Button
                  key={action.label}
                  size="compact-sm"
                  variant={action.variant ?? 'subtle'}
                  onClick={action.onClick}
                  aria-label={action.ariaLabel}
                >
                  {action.label}
                </Button>
              ))}
            </Group>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}

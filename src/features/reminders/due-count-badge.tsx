import { Badge } from '@mantine/core';
import { formatIndianNumber } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import { dueCountLabel } from './due-items';
import { useDueItems } from './use-due-items';

/** '3 due' after the Policy Tracker link; text and a label, not only a colour. */
export function DueCountBadge({ userId }: { userId: string }) {
  const t = useT();
  const items = useDueItems(userId);
  const count = items?.length ?? 0;
  if (count === 0) return null;
  const lapsed = items?.some((i) => i.reminder.daysLeft < 0) ?? false;
  return (
    <Badge
      component="span"
      size="sm"
      ml={6}
      color={lapsed ? 'red' : 'orange'}
      variant="filled"
      aria-label={dueCountLabel(count)}
      data-testid="due-count-badge"
    >
      {t('reminders.dueBadge', { n: formatIndianNumber(count) })}
    </Badge>
  );
}

import { memo } from 'react';
import { UnstyledButton } from '@mantine/core';
import type { StatusFilter, SummaryCounts } from '@/domain/tracker';
import { formatIndianNumber } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import classes from './tracker.module.css';

interface SummaryCardsProps {
  counts: SummaryCounts;
  status: StatusFilter | undefined;
  onStatusChange: (status: StatusFilter | undefined) => void;
}

const cards: { label: string; key: keyof SummaryCounts; status: StatusFilter | undefined }[] = [
  { label: 'tracker.summary.total', key: 'total', status: undefined },
  { label: 'tracker.status.active', key: 'active', status: 'active' },
  { label: 'tracker.status.dueSoon', key: 'dueSoon', status: 'due-soon' },
  { label: 'tracker.status.lapsed', key: 'lapsed', status: 'lapsed' },
];

/**
 * Counts over every policy, as one compact row; pressing one filters the grid by that status.
 * Plain elements, and memoised: a keystroke in the search changes none of its props.
 */
export const SummaryCards = memo(function SummaryCards({
  counts,
  status,
  onStatusChange,
}: SummaryCardsProps) {
  const t = useT();
  return (
    <div className={classes.summaryRow} role="group" aria-label={t('tracker.summary.label')}>
      {cards.map((card) => {
        const pressed = card.status === status;
        return (
          <UnstyledButton
            key={card.key}
            className={classes.summaryCard}
            data-tone={card.status ?? 'total'}
            aria-pressed={pressed}
            // Pressing the selected status again shows every status.
            onClick={() => onStatusChange(pressed ? undefined : card.status)}
          >
            <span className={classes.summaryLabel}>{t(card.label)}</span>
            <span className={classes.summaryCount}>{formatIndianNumber(counts[card.key])}</span>
          </UnstyledButton>
        );
      })}
    </div>
  );
});

import type { OutlookMonth } from '@/domain/tracker';
import { formatRupees } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import { policyMonth } from '../words';
import classes from './outlook.module.css';

interface PremiumChartProps {
  months: readonly OutlookMonth[];
  /** Where the figures are as a table, named in the chart's description. */
  tableHint: string;
}

/** What a screen reader hears for the chart: its span, its peak, and where the figures are. */
export function chartDescription(
  t: ReturnType<typeof useT>,
  months: readonly OutlookMonth[],
  tableHint: string,
): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return tableHint;
  const span = t('outlook.chart', {
    first: policyMonth(first.month),
    last: policyMonth(last.month),
  });
  const peak = months.reduce((top, m) => (m.amount > top.amount ? m : top), first);
  const most =
    peak.amount > 0
      ? t('outlook.chartMost', {
          amount: formatRupees(peak.amount),
          month: policyMonth(peak.month),
        })
      : t('outlook.chartNothing');
  return `${span} ${most} ${tableHint}`;
}

/**
 * Horizontal bars, one row per month with its name and amount written beside the bar, so no
 * figure is told by length or colour alone and the labels fit a phone's width. Each bar is an
 * SVG rect: unlike a CSS background it keeps its fill in forced-colours (high contrast) mode.
 * Plain SVG rather than a chart library: twelve bars need no axes, scales or animation, and
 * @mantine/charts (recharts) would add ~100 KB gzip to draw them.
 */
export function PremiumChart({ months, tableHint }: PremiumChartProps) {
  const t = useT();
  const max = months.reduce((top, m) => Math.max(top, m.amount), 0);
  return (
    <div
      role="img"
      aria-label={chartDescription(t, months, tableHint)}
      className={classes.chart}
      data-testid="premium-chart"
    >
      {months.map((m) => {
        const share = max > 0 ? (m.amount / max) * 100 : 0;
        return (
          <div key={m.month} className={classes.chartRow}>
            <span className={classes.chartMonth}>{policyMonth(m.month)}</span>
            <svg className={classes.chartBar} viewBox="0 0 100 10" preserveAspectRatio="none">
              {/* A sliver for a small but non-zero month, so it does not read as nothing. */}
              <rect
                x="0"
                y="0"
                width={m.amount > 0 ? Math.max(share, 1) : 0}
                height="10"
                className={classes.chartRect}
              />
            </svg>
            <span className={classes.chartValue}>{formatRupees(m.amount)}</span>
          </div>
        );
      })}
    </div>
  );
}

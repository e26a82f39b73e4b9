import { memo } from 'react';
import { Anchor } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { PortfolioTotals } from '@/domain/tracker';
import { formatIndianNumber, formatRupees } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import { typeLabel } from '../words';
import classes from './tracker.module.css';

type Translate = ReturnType<typeof useT>;

function countedNote(t: Translate, { counted, withoutPremium }: PortfolioTotals): string {
  const policies = t('tracker.totals.counted', {
    count: counted,
    n: formatIndianNumber(counted),
  });
  const missing =
    withoutPremium === 0
      ? ''
      : t('tracker.totals.withoutPremium', { n: formatIndianNumber(withoutPremium) });
  return `${policies}${missing}`;
}

/**
 * Yearly premium and cover of the policies still in force (Active and Due Soon; lapsed ones
 * are left out). Cover is given per type: a car's value and a family's health cover do not
 * add up to anything meaningful.
 */
export const TotalsStrip = memo(function TotalsStrip({ totals }: { totals: PortfolioTotals }) {
  const t = useT();
  return (
    <section className={classes.totals} aria-label={t('tracker.totals.label')}>
      <dl className={classes.totalsList}>
        <div>
          <dt>{t('tracker.totals.premium')}</dt>
          <dd className={classes.totalsFigure} data-testid="annual-premium">
            {formatRupees(totals.annualPremium)}
          </dd>
          <dd className={classes.totalsNote}>{countedNote(t, totals)}</dd>
          {/* In the totals' own line, not a button row: the first policy stays on a phone's
              first screen. */}
          <dd>
            <Anchor
              renderRoot={(props) => <Link {...props} to="/policy-tracker/outlook" />}
              className={classes.totalsLink}
            >
              <IconChartBar size={14} aria-hidden />
              {t('tracker.totals.outlook')}
            </Anchor>
          </dd>
        </div>
        <div>
          <dt>{t('tracker.totals.cover')}</dt>
          <dd className={classes.totalsFigure} data-testid="cover-by-type">
            {totals.coverByType.length === 0
              ? t('tracker.totals.none')
              : totals.coverByType
                  .map((c) => `${typeLabel(t, c.typeName)} ${formatRupees(c.amount)}`)
                  .join(' · ')}
          </dd>
        </div>
      </dl>
    </section>
  );
});

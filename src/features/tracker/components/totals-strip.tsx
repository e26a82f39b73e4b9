import { Anchor } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { PortfolioTotals } from '@/domain/tracker';
import { formatRupees } from '@/lib/format';
import classes from './tracker.module.css';

function countedNote({ counted, withoutPremium }: PortfolioTotals): string {
  const policies = counted === 1 ? '1 policy' : `${counted} policies`;
  const missing = withoutPremium === 0 ? '' : `, ${withoutPremium} without a premium entered`;
  return `Active + Due Soon: ${policies}${missing}`;
}

/**
 * Yearly premium and cover of the policies still in force (Active and Due Soon; lapsed ones
 * are left out). Cover is given per type: a car's value and a family's health cover do not
 * add up to anything meaningful.
 */
export function TotalsStrip({ totals }: { totals: PortfolioTotals }) {
  return (
    <section className={classes.totals} aria-label="Totals">
      <dl className={classes.totalsList}>
        <div>
          <dt>Yearly premium (policies not lapsed)</dt>
          <dd className={classes.totalsFigure} data-testid="annual-premium">
            {formatRupees(totals.annualPremium)}
          </dd>
          <dd className={classes.totalsNote}>{countedNote(totals)}</dd>
          {/* In the totals' own line, not a button row: the first policy stays on a phone's
              first screen. */}
          <dd>
            <Anchor
              renderRoot={(props) => <Link {...props} to="/policy-tracker/outlook" />}
              className={classes.totalsLink}
            >
              <IconChartBar size={14} aria-hidden />
              Premium outlook
            </Anchor>
          </dd>
        </div>
        <div>
          <dt>Cover by type (policies not lapsed)</dt>
          <dd className={classes.totalsFigure} data-testid="cover-by-type">
            {totals.coverByType.length === 0
              ? 'None entered'
              : totals.coverByType
                  .map((c) => `${c.typeName} ${formatRupees(c.amount)}`)
                  .join(' · ')}
          </dd>
        </div>
      </dl>
    </section>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { Anchor, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import {
  NO_MEMBER_LABEL,
  type OutlookShare,
  type PaidSummary,
  type PremiumOutlook,
} from '@/domain/tracker';
import { formatIndianNumber, formatRupees } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import { policyDate, policyMonth, typeLabel } from '../words';
import { PremiumChart } from './premium-chart';
import classes from './outlook.module.css';

type Translate = ReturnType<typeof useT>;

/** "3 premiums", "1 policy", "2 payments" in the active language. */
function count(t: Translate, id: string, n: number): string {
  return t(id, { count: n, n: formatIndianNumber(n) });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={classes.section}>
      <Title order={2} fz="h3" id={id}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/** The lapsed policies named, the earliest few; the rest are a tap away on the dashboard. */
const LAPSED_NAMED = 3;
function lapsedNames(t: Translate, lapsed: PremiumOutlook['lapsed']): string {
  const named = lapsed
    .slice(0, LAPSED_NAMED)
    .map((p) =>
      t('outlook.lapsedName', { insurer: p.insurer_name, date: policyDate(p.next_renewal_date) }),
    )
    .join('; ');
  const more = lapsed.length - LAPSED_NAMED;
  return more > 0 ? t('outlook.lapsedMore', { named, n: formatIndianNumber(more) }) : named;
}

/** Lapsed and premium-less policies change what the figures mean: say so above them. */
function CountingNotes({ outlook }: { outlook: PremiumOutlook }) {
  const t = useT();
  const { lapsed, withoutPremium } = outlook;
  if (lapsed.length === 0 && withoutPremium === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" className={classes.notes}>
      <Stack gap={4}>
        {lapsed.length > 0 ? (
          <Text size="sm" data-testid="lapsed-note">
            {t('outlook.notCounted', {
              policies: count(t, 'outlook.policies', lapsed.length),
              names: lapsedNames(t, lapsed),
            })}{' '}
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/policy-tracker" search={{ status: 'lapsed' }} />
              )}
              size="sm"
            >
              {t('outlook.showLapsed')}
            </Anchor>
          </Text>
        ) : null}
        {withoutPremium > 0 ? (
          <Text size="sm" data-testid="no-premium-note">
            {count(t, 'outlook.noPremium', withoutPremium)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function DueWindows({ outlook }: { outlook: PremiumOutlook }) {
  const t = useT();
  return (
    <Section title={t('outlook.due')}>
      <dl className={classes.windows}>
        {outlook.windows.map((w) => (
          <div key={w.days} className={classes.window} data-testid={`due-${w.days}`}>
            <dt className={classes.windowLabel}>
              {t('outlook.nextDays', { days: formatIndianNumber(w.days) })}
            </dt>
            <dd className={classes.windowFigure}>{formatRupees(w.amount)}</dd>
            <dd className={classes.windowNote}>
              {t('outlook.windowNote', {
                premiums: count(t, 'outlook.premiums', w.premiums),
                date: policyDate(w.through),
              })}
            </dd>
          </div>
        ))}
      </dl>
      <Text size="sm" className={classes.note}>
        {t('outlook.everyRenewal')}
      </Text>
    </Section>
  );
}

function ByMonth({ outlook }: { outlook: PremiumOutlook }) {
  const t = useT();
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const first = outlook.months[0];
  const last = outlook.months[outlook.months.length - 1];
  const span =
    first && last
      ? t('outlook.span', { first: policyMonth(first.month), last: policyMonth(last.month) })
      : '';
  const total = outlook.months.reduce((sum, m) => sum + Math.round(m.amount * 100), 0) / 100;
  return (
    <Section title={t('outlook.byMonth')}>
      <PremiumChart months={outlook.months} tableHint={t('outlook.tableHint')} />
      <Button
        variant="default"
        size="sm"
        leftSection={<IconTable size={16} aria-hidden />}
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((shown) => !shown)}
        className={classes.tableToggle}
      >
        {t(showTable ? 'outlook.hideTable' : 'outlook.showTable')}
      </Button>
      <div id={tableId} hidden={!showTable}>
        {showTable ? (
          <Table.ScrollContainer minWidth={320}>
            <Table withTableBorder striped captionSide="top" verticalSpacing="xs">
              <Table.Caption>{t('outlook.tableCaption', { span })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('outlook.month')}</Table.Th>
                  <Table.Th scope="col" className={classes.amount}>
                    {t('outlook.amountDue')}
                  </Table.Th>
                  <Table.Th scope="col">{t('outlook.policiesDue')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outlook.months.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Th scope="row" fw={500} className={classes.nowrap}>
                      {policyMonth(m.month)}
                    </Table.Th>
                    <Table.Td className={classes.amount}>{formatRupees(m.amount)}</Table.Td>
                    <Table.Td>
                      {m.insurers.length > 0 ? m.insurers.join(', ') : t('outlook.none')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">{t('outlook.total')}</Table.Th>
                  <Table.Td className={classes.amount} fw={700}>
                    {formatRupees(total)}
                  </Table.Td>
                  <Table.Td>
                    {count(
                      t,
                      'outlook.premiums',
                      outlook.months.reduce((n, m) => n + m.premiums, 0),
                    )}
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </div>
    </Section>
  );
}

/** A row of the shares tables: the sums' fixed names in the active language. */
function rowLabel(t: Translate, label: string): string {
  return label === NO_MEMBER_LABEL ? t('outlook.noMember') : typeLabel(t, label);
}

function SharesTable({
  caption,
  heading,
  rows,
  total,
}: {
  caption: string;
  heading: string;
  rows: readonly OutlookShare[];
  total: number;
}) {
  const t = useT();
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table withTableBorder striped captionSide="top" verticalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{heading}</Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t('outlook.policiesCol')}
            </Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              {t('outlook.yearlyPremium')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500}>
                {rowLabel(t, row.label)}
              </Table.Th>
              <Table.Td className={classes.amount}>{formatIndianNumber(row.policies)}</Table.Td>
              <Table.Td className={classes.amount}>{formatRupees(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('outlook.total')}</Table.Th>
            <Table.Td />
            <Table.Td className={classes.amount} fw={700}>
              {formatRupees(total)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function YearlyShares({ outlook }: { outlook: PremiumOutlook }) {
  const t = useT();
  if (outlook.byType.length === 0) {
    return (
      <Section title={t('outlook.shares')}>
        <Text size="sm">{t('outlook.noPremiums')}</Text>
      </Section>
    );
  }
  return (
    <Section title={t('outlook.shares')}>
      <Text size="sm" className={classes.note}>
        {t('outlook.yearlyNote')}
      </Text>
      <SharesTable
        caption={t('outlook.byTypeCaption')}
        heading={t('outlook.typeHeading')}
        rows={outlook.byType}
        total={outlook.annualPremium}
      />
      <SharesTable
        caption={t('outlook.byMemberCaption')}
        heading={t('outlook.memberHeading')}
        rows={outlook.byMember}
        total={outlook.annualPremium}
      />
      <Text size="sm" className={classes.note} data-testid="member-split-note">
        {t('outlook.splitNote')}
      </Text>
    </Section>
  );
}

function Paid({ paid }: { paid: PaidSummary }) {
  const t = useT();
  const rows = [
    {
      text: t('outlook.paidIn', { year: String(paid.lastYear.year) }),
      total: paid.lastYear,
      id: 'paid-last-year',
    },
    {
      text: t('outlook.paidSoFar', { year: String(paid.thisYear.year) }),
      total: paid.thisYear,
      id: 'paid-this-year',
    },
  ];
  return (
    <Section title={t('outlook.paid')}>
      <dl className={classes.windows}>
        {rows.map((row) => (
          <div key={row.id} className={classes.window} data-testid={row.id}>
            <dt className={classes.windowLabel}>{row.text}</dt>
            <dd className={classes.windowFigure}>{formatRupees(row.total.amount)}</dd>
            <dd className={classes.windowNote}>
              {count(t, 'outlook.payments', row.total.payments)}
            </dd>
          </div>
        ))}
      </dl>
      <Text size="sm" className={classes.note}>
        {t('outlook.paidNote')}
      </Text>
    </Section>
  );
}

export interface OutlookViewProps {
  outlook: PremiumOutlook;
  paid: PaidSummary;
}

/** The premium outlook's figures; every one is also text, and the chart has its table. */
export function OutlookView({ outlook, paid }: OutlookViewProps) {
  return (
    <Stack gap="lg">
      <CountingNotes outlook={outlook} />
      <DueWindows outlook={outlook} />
      <ByMonth outlook={outlook} />
      <YearlyShares outlook={outlook} />
      <Paid paid={paid} />
    </Stack>
  );
}

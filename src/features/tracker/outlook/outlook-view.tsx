import { useId, useState, type ReactNode } from 'react';
import { Anchor, Button, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconTable } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import {
  formatPolicyDate,
  formatPolicyMonth,
  type OutlookShare,
  type PaidSummary,
  type PremiumOutlook,
} from '@/domain/tracker';
import { formatRupees } from '@/lib/format';
import { PremiumChart } from './premium-chart';
import classes from './outlook.module.css';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

const premiums = (n: number) => count(n, 'premium', 'premiums');
const policiesText = (n: number) => count(n, 'policy', 'policies');

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
function lapsedNames(lapsed: PremiumOutlook['lapsed']): string {
  const named = lapsed
    .slice(0, LAPSED_NAMED)
    .map((p) => `${p.insurer_name}, due ${formatPolicyDate(p.next_renewal_date)}`)
    .join('; ');
  const more = lapsed.length - LAPSED_NAMED;
  return more > 0 ? `${named}; and ${more} more` : named;
}

/** Lapsed and premium-less policies change what the figures mean: say so above them. */
function CountingNotes({ outlook }: { outlook: PremiumOutlook }) {
  const { lapsed, withoutPremium } = outlook;
  if (lapsed.length === 0 && withoutPremium === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" className={classes.notes}>
      <Stack gap={4}>
        {lapsed.length > 0 ? (
          <Text size="sm" data-testid="lapsed-note">
            Not counted: {policiesText(lapsed.length)} lapsed ({lapsedNames(lapsed)}). Their renewal
            date has passed, so when they are paid next is not known: renew them or correct the date
            to include them.{' '}
            <Anchor
              renderRoot={(props) => (
                <Link {...props} to="/policy-tracker" search={{ status: 'lapsed' }} />
              )}
              size="sm"
            >
              Show lapsed policies
            </Anchor>
          </Text>
        ) : null}
        {withoutPremium > 0 ? (
          <Text size="sm" data-testid="no-premium-note">
            {policiesText(withoutPremium)} without a premium entered{' '}
            {withoutPremium === 1 ? 'adds' : 'add'} nothing to these figures.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function DueWindows({ outlook }: { outlook: PremiumOutlook }) {
  return (
    <Section title="Premiums due">
      <dl className={classes.windows}>
        {outlook.windows.map((w) => (
          <div key={w.days} className={classes.window} data-testid={`due-${w.days}`}>
            <dt className={classes.windowLabel}>Next {w.days} days</dt>
            <dd className={classes.windowFigure}>{formatRupees(w.amount)}</dd>
            <dd className={classes.windowNote}>
              {premiums(w.premiums)} · to {formatPolicyDate(w.through)}
            </dd>
          </div>
        ))}
      </dl>
      <Text size="sm" className={classes.note}>
        Every renewal in the period counts, from today: a monthly premium is due 12 times in 365
        days, a yearly one once.
      </Text>
    </Section>
  );
}

function ByMonth({ outlook }: { outlook: PremiumOutlook }) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const first = outlook.months[0];
  const last = outlook.months[outlook.months.length - 1];
  const span =
    first && last ? `${formatPolicyMonth(first.month)} to ${formatPolicyMonth(last.month)}` : '';
  const total = outlook.months.reduce((sum, m) => sum + Math.round(m.amount * 100), 0) / 100;
  return (
    <Section title="Premiums due by month">
      <PremiumChart
        months={outlook.months}
        tableHint="Show the figures as a table with the button below the chart."
      />
      <Button
        variant="default"
        size="sm"
        leftSection={<IconTable size={16} aria-hidden />}
        aria-expanded={showTable}
        aria-controls={tableId}
        onClick={() => setShowTable((shown) => !shown)}
        className={classes.tableToggle}
      >
        {showTable ? 'Hide the table' : 'Show as a table'}
      </Button>
      <div id={tableId} hidden={!showTable}>
        {showTable ? (
          <Table.ScrollContainer minWidth={320}>
            <Table withTableBorder striped captionSide="top" verticalSpacing="xs">
              <Table.Caption>Premiums due by month, {span}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Month</Table.Th>
                  <Table.Th scope="col" className={classes.amount}>
                    Amount due
                  </Table.Th>
                  <Table.Th scope="col">Policies due</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {outlook.months.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Th scope="row" fw={500} className={classes.nowrap}>
                      {formatPolicyMonth(m.month)}
                    </Table.Th>
                    <Table.Td className={classes.amount}>{formatRupees(m.amount)}</Table.Td>
                    <Table.Td>{m.insurers.length > 0 ? m.insurers.join(', ') : 'None'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th scope="row">Total</Table.Th>
                  <Table.Td className={classes.amount} fw={700}>
                    {formatRupees(total)}
                  </Table.Td>
                  <Table.Td>
                    {premiums(outlook.months.reduce((n, m) => n + m.premiums, 0))}
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
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table withTableBorder striped captionSide="top" verticalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{heading}</Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              Policies
            </Table.Th>
            <Table.Th scope="col" className={classes.amount}>
              Yearly premium
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={500}>
                {row.label}
              </Table.Th>
              <Table.Td className={classes.amount}>{row.policies}</Table.Td>
              <Table.Td className={classes.amount}>{formatRupees(row.amount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
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
  if (outlook.byType.length === 0) {
    return (
      <Section title="Yearly premium by type and member">
        <Text size="sm">No premiums entered for the policies that have not lapsed.</Text>
      </Section>
    );
  }
  return (
    <Section title="Yearly premium by type and member">
      <Text size="sm" className={classes.note}>
        Each premium as a yearly amount (monthly × 12, every 6 months × 2, every 3 years ÷ 3), for
        the policies not lapsed: the same total as the dashboard&apos;s.
      </Text>
      <SharesTable
        caption="Yearly premium by policy type"
        heading="Policy type"
        rows={outlook.byType}
        total={outlook.annualPremium}
      />
      <SharesTable
        caption="Yearly premium by covered member"
        heading="Member"
        rows={outlook.byMember}
        total={outlook.annualPremium}
      />
      <Text size="sm" className={classes.note} data-testid="member-split-note">
        A policy covering more than one member is split equally among them (a ₹20,000 family floater
        for two is ₹10,000 each), so the members add up to the total.
      </Text>
    </Section>
  );
}

function Paid({ paid }: { paid: PaidSummary }) {
  const rows = [
    { label: `Paid in ${paid.lastYear.year}`, total: paid.lastYear, id: 'paid-last-year' },
    { label: `Paid in ${paid.thisYear.year} so far`, total: paid.thisYear, id: 'paid-this-year' },
  ];
  return (
    <Section title="Premiums paid">
      <dl className={classes.windows}>
        {rows.map((row) => (
          <div key={row.id} className={classes.window} data-testid={row.id}>
            <dt className={classes.windowLabel}>{row.label}</dt>
            <dd className={classes.windowFigure}>{formatRupees(row.total.amount)}</dd>
            <dd className={classes.windowNote}>
              {count(row.total.payments, 'payment', 'payments')}
            </dd>
          </div>
        ))}
      </dl>
      <Text size="sm" className={classes.note}>
        Calendar years (1 Jan to 31 Dec), from the payments recorded with Mark Renewed or added to a
        policy.
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

import { Group, Paper, Stack, Text } from '@mantine/core';
import type { PortfolioTotals } from '@/domain/tracker';
import { formatRupees } from '@/lib/format';

/** Yearly premium and cover of the policies still in force (lapsed ones are left out). */
export function TotalsStrip({ totals }: { totals: PortfolioTotals }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Totals">
      <Group gap="xl" wrap="wrap" component="dl" m={0}>
        <Stack gap={2}>
          <Text size="sm" c="dimmed" component="dt">
            Annual premium (active policies)
          </Text>
          <Text fz="xl" fw={700} component="dd" m={0} data-testid="annual-premium">
            {formatRupees(totals.annualPremium)}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text size="sm" c="dimmed" component="dt">
            Total cover (active policies)
          </Text>
          <Text fz="xl" fw={700} component="dd" m={0} data-testid="total-cover">
            {formatRupees(totals.totalCover)}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

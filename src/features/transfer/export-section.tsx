import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Panel } from '@/components/ui/panel';
import { IconDownload } from '@tabler/icons-react';
import { useTracker } from '@/features/tracker';
import { formatIndianNumber } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import { exportPolicies, type ExportFormat } from './export-policies';

interface ExportSectionProps {
  /** How many policies there are; undefined while reading. */
  count: number | undefined;
}

export function ExportSection({ count }: ExportSectionProps) {
  const t = useT();
  const { db } = useTracker();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const written = await exportPolicies(db, format);
      toast({
        title: t('transfer.export.done', { count: written, n: formatIndianNumber(written) }),
        description: t('transfer.export.saved'),
      });
    } catch (error) {
      toast({
        title: t('transfer.export.failed'),
        description: error instanceof Error ? error.message : String(error),
        variant: 'destructive',
      });
    } finally {
      setBusy(null);
    }
  };

  const none = count === 0;
  return (
    <Panel labelledBy="export-heading" p="lg">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="export-heading">
          {t('transfer.export.title')}
        </Title>
        <Text>{t('transfer.export.intro')}</Text>
        {none ? <Text c="dimmed">{t('transfer.export.none')}</Text> : null}
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void run('csv')}
            loading={busy === 'csv'}
            disabled={none || count === undefined || busy !== null}
          >
            {t('transfer.export.csv')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void run('json')}
            loading={busy === 'json'}
            disabled={none || count === undefined || busy !== null}
          >
            {t('transfer.export.json')}
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}

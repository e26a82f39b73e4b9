import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Panel } from '@/components/ui/panel';
import { IconDownload } from '@tabler/icons-react';
import { useTracker } from '@/features/tracker';
import { toast } from '@/lib/toast';
import { exportPolicies, type ExportFormat } from './export-policies';

interface ExportSectionProps {
  /** How many policies there are; undefined while reading. */
  count: number | undefined;
}

export function ExportSection({ count }: ExportSectionProps) {
  const { db } = useTracker();
  const [busy, setBusy] = useState<ExportFormat | null>(null);

  const run = async (format: ExportFormat) => {
    setBusy(format);
    try {
      const written = await exportPolicies(db, format);
      toast({
        title: written === 1 ? '1 policy exported' : `${written} policies exported`,
        description: 'Saved to your downloads.',
      });
    } catch (error) {
      toast({
        title: 'Could not export your policies',
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
          Export your policies
        </Title>
        <Text>
          A CSV file opens in any spreadsheet, one row per policy. The JSON file keeps everything
          and can be imported into BimaGuide again, on this account or another. Both are made on
          this device, so they work offline.
        </Text>
        {none ? <Text c="dimmed">You have no policies to export yet.</Text> : null}
        <Group gap="sm">
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void run('csv')}
            loading={busy === 'csv'}
            disabled={none || count === undefined || busy !== null}
          >
            Download CSV
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void run('json')}
            loading={busy === 'json'}
            disabled={none || count === undefined || busy !== null}
          >
            Download JSON
          </Button>
        </Group>
      </Stack>
    </Panel>
  );
}

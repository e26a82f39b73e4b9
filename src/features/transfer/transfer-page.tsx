import { useCallback, useEffect, useState } from 'react';
import { Anchor, Container, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useTracker } from '@/features/tracker';
import { useT } from '@/lib/use-i18n';
import { ExportSection } from './export-section';
import { ImportSection } from './import-section';

/** /policy-tracker/transfer: export every policy, or import them from a file. */
export function TransferPage() {
  const t = useT();
  const { db } = useTracker();
  const [count, setCount] = useState<number>();
  // Counted once and after an import, not live: an import writes a policy at a time.
  const recount = useCallback(() => {
    void db.policies
      .toArray()
      .then((all) => setCount(all.filter((p) => p.deleted_at === null).length));
  }, [db]);
  useEffect(recount, [recount]);

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <PageHeader
        title={t('transfer.title')}
        subtitle={
          <>
            {t('transfer.subtitle')}{' '}
            <Anchor component={Link} to="/policy-tracker">
              {t('transfer.back')}
            </Anchor>
          </>
        }
      />
      <Stack gap="lg">
        <ExportSection count={count} />
        <ImportSection onImported={recount} />
      </Stack>
    </Container>
  );
}

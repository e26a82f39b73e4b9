import { useEffect, useState } from 'react';
import { Center, Container, Group, Loader, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { META_LAST_PULLED_AT, type TrackerDb } from '@/db/tracker-db';
import type { PolicyTypeValues } from '@/domain/schemas';
import { policyToFormValues, type PolicyFormValues, type PolicySubmission } from '@/domain/tracker';
import { PageHeader } from '@/components/ui/page-header';
import { toast } from '@/lib/toast';
import { readPolicy, readPolicyTypes, type PolicyView, type SyncEngine } from '@/sync';
import { PolicyForm } from '../components/policy-form';
import { useLiveRead } from '../hooks/use-live-read';
import { toastSaved } from '../saved-toast';
import { useTracker } from '../tracker-context';

interface PolicyFormPageProps {
  /** Absent: add a new policy. Present: edit that one. */
  policyId?: string;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The policy to edit. On a device that has never downloaded this user's policies, a missing
 * id may only mean "not pulled yet", so one sync is awaited before calling it missing.
 */
async function loadForEdit(
  db: TrackerDb,
  sync: SyncEngine,
  id: string,
): Promise<PolicyView | undefined> {
  const local = await readPolicy(db, id);
  if (local) return local;
  const everPulled = (await db.meta.get(META_LAST_PULLED_AT)) !== undefined;
  if (everPulled || !navigator.onLine) return undefined;
  await sync.flush();
  return readPolicy(db, id);
}

export function PolicyFormPage({ policyId }: PolicyFormPageProps) {
  const { db, repo, sync } = useTracker();
  const navigate = useNavigate();
  const types = useLiveRead(() => readPolicyTypes(db), [db], 'Error fetching policy types');
  const [loaded, setLoaded] = useState<{ id: string; values: PolicyFormValues } | null>(null);
  const mode = policyId === undefined ? 'create' : 'edit';

  useEffect(() => {
    if (policyId === undefined) return;
    let live = true;
    const fail = (description?: string) => {
      toast({
        title: 'Error fetching policy data',
        ...(description ? { description } : {}),
        variant: 'destructive',
      });
      void navigate({ to: '/policy-tracker', replace: true });
    };
    loadForEdit(db, sync, policyId).then(
      (policy) => {
        if (!live) return;
        if (!policy) fail('This policy was not found.');
        else setLoaded({ id: policyId, values: policyToFormValues(policy) });
      },
      (error: unknown) => {
        if (live) fail(message(error));
      },
    );
    return () => {
      live = false;
    };
  }, [db, sync, policyId, navigate]);

  const save = async (submission: PolicySubmission) => {
    try {
      await repo.savePolicy(policyId === undefined ? submission : { ...submission, id: policyId });
    } catch (error) {
      toast({ title: 'Error saving policy', description: message(error), variant: 'destructive' });
      return;
    }
    toastSaved(
      mode === 'edit' ? 'Policy updated successfully!' : 'Policy added successfully!',
      navigator.onLine && sync.status.get().online,
    );
    await navigate({ to: '/policy-tracker' });
  };

  const createType = async (input: PolicyTypeValues) => {
    try {
      const id = await repo.createPolicyType(input);
      toast({ title: 'Policy type created' });
      return id;
    } catch (error) {
      toast({
        title: 'Error saving policy type',
        description: message(error),
        variant: 'destructive',
      });
      throw error;
    }
  };

  const ready = mode === 'create' || loaded?.id === policyId;

  return (
    <Container size="md" py="xl">
      <PageHeader title={mode === 'edit' ? 'Edit Policy' : 'Add a New Policy'} />
      {ready ? (
        <PolicyForm
          // A different policy id is a different form, not an edit of the one on screen.
          key={policyId ?? 'new'}
          mode={mode}
          types={types}
          {...(loaded && mode === 'edit' ? { initialValues: loaded.values } : {})}
          onSubmit={save}
          onCreateType={createType}
        />
      ) : (
        <Center py="xl">
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden />
            <Text>Loading policy...</Text>
          </Group>
        </Center>
      )}
    </Container>
  );
}

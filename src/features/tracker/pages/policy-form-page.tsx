import { useEffect, useState } from 'react';
import { Container } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { LoadingStatus } from '@/components/ui/loading-status';
import type { PolicyTypeRecord, TrackerDb } from '@/db/tracker-db';
import type { PolicyTypeValues } from '@/domain/schemas';
import {
  policyToFormValues,
  type PolicyFormValues,
  type PolicySubmission,
  type SavedPerson,
} from '@/domain/tracker';
import { PageHeader } from '@/components/ui/page-header';
import { formatIndianNumber } from '@/lib/format';
import { sayError } from '@/lib/say-message';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import {
  readPeople,
  readPolicy,
  readPolicyTypes,
  readPolicyTypeUsage,
  syncIfNeverPulled,
  type PolicyView,
  type SyncEngine,
} from '@/sync';
import { PolicyForm } from '../components/policy-form';
import { useLiveRead } from '../hooks/use-live-read';
import { toastSaved } from '../saved-toast';
import { useTracker } from '../tracker-context';

/**
 * The types an editor may give a policy shared with them (issue 18): the standard ones and
 * the owner's type it has. Their own are left out: the server refuses them on another
 * owner's policy.
 */
function sharedTypeChoices(
  types: readonly PolicyTypeRecord[] | undefined,
  ownersType: PolicyTypeRecord | undefined,
): PolicyTypeRecord[] | undefined {
  if (types === undefined) return undefined;
  const standard = types.filter((type) => type.user_id === null);
  return ownersType && ownersType.user_id !== null ? [...standard, ownersType] : standard;
}

interface PolicyFormPageProps {
  /** Absent: add a new policy. Present: edit that one. */
  policyId?: string;
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
  if (local) return local.shared?.role === 'viewer' ? undefined : local;
  await syncIfNeverPulled(db, sync);
  return readPolicy(db, id);
}

export function PolicyFormPage({ policyId }: PolicyFormPageProps) {
  const t = useT();
  const { db, repo, sync } = useTracker();
  const navigate = useNavigate();
  const types = useLiveRead(() => readPolicyTypes(db), [db], 'tracker.error.types');
  const typeUsage = useLiveRead(() => readPolicyTypeUsage(db), [db], 'tracker.error.policies');
  const people = useLiveRead(() => readPeople(db), [db], 'tracker.error.members');
  const [loaded, setLoaded] = useState<{
    id: string;
    values: PolicyFormValues;
    /** A policy shared with the user as editor (issue 18): its owner and the owner's type. */
    shared?: { by: string; type: PolicyTypeRecord | undefined };
  } | null>(null);
  const mode = policyId === undefined ? 'create' : 'edit';

  useEffect(() => {
    if (policyId === undefined) return;
    let live = true;
    const fail = (description?: string) => {
      toast({
        title: t('tracker.error.policy'),
        ...(description ? { description } : {}),
        variant: 'destructive',
      });
      void navigate({ to: '/policy-tracker', replace: true });
    };
    loadForEdit(db, sync, policyId).then(
      (policy) => {
        if (!live) return;
        if (!policy) {
          fail(t('tracker.form.notFound'));
          return;
        }
        const values = policyToFormValues(policy);
        if (!policy.shared) {
          setLoaded({ id: policyId, values });
          return;
        }
        const by = policy.shared.owner_label;
        // The owner's own type is on the device for showing the policy, not among the user's.
        void (
          policy.policy_type_id
            ? db.policyTypes.get(policy.policy_type_id)
            : Promise.resolve(undefined)
        ).then((type) => {
          if (live) setLoaded({ id: policyId, values, shared: { by, type } });
        });
      },
      (error: unknown) => {
        if (live) fail(sayError(t, error));
      },
    );
    return () => {
      live = false;
    };
  }, [db, sync, policyId, navigate, t]);

  const save = async (submission: PolicySubmission) => {
    try {
      await repo.savePolicy(policyId === undefined ? submission : { ...submission, id: policyId });
    } catch (error) {
      toast({
        title: t('tracker.form.saveFailed'),
        description: sayError(t, error),
        variant: 'destructive',
      });
      return;
    }
    toastSaved(
      t(mode === 'edit' ? 'tracker.form.updated' : 'tracker.form.added'),
      navigator.onLine && sync.status.get().online,
    );
    await navigate({ to: '/policy-tracker' });
  };

  const createType = async (input: PolicyTypeValues) => {
    try {
      const id = await repo.createPolicyType(input);
      toast({ title: t('tracker.types.created') });
      return id;
    } catch (error) {
      toast({
        title: t('tracker.types.saveFailed'),
        description: sayError(t, error),
        variant: 'destructive',
      });
      throw error;
    }
  };

  /** Runs a change of a type or person; a failure is said and passed on to keep the form open. */
  const change = async <T,>(
    run: () => Promise<T>,
    success: (result: T) => { title: string; description?: string },
    failure: string,
  ) => {
    let result: T;
    try {
      result = await run();
    } catch (error) {
      toast({ title: failure, description: sayError(t, error), variant: 'destructive' });
      throw error;
    }
    toast(success(result));
  };

  const renameType = (id: string, input: PolicyTypeValues) =>
    change(
      () => repo.updatePolicyType(id, input),
      () => ({ title: t('tracker.types.updated') }),
      t('tracker.types.saveFailed'),
    );

  const deleteType = (id: string) =>
    change(
      () => repo.deletePolicyType(id),
      (untyped) => ({
        title: t('tracker.types.deleted'),
        ...(untyped > 0
          ? {
              description: t('tracker.types.untyped', {
                count: untyped,
                n: formatIndianNumber(untyped),
              }),
            }
          : {}),
      }),
      t('tracker.types.deleteFailed'),
    );

  const changeRelationship = (person: SavedPerson, relationship: string) =>
    change(
      () => repo.changeRelationship(person.id, relationship),
      () => ({
        title: t('tracker.members.relationshipChanged', {
          name: person.name,
          relationship: relationship.trim(),
        }),
      }),
      t('tracker.members.saveFailed'),
    );

  const ready = mode === 'create' || loaded?.id === policyId;

  return (
    <Container size="md" py="xl">
      <PageHeader title={t(mode === 'edit' ? 'tracker.form.editTitle' : 'tracker.form.addTitle')} />
      {ready ? (
        <PolicyForm
          // A different policy id is a different form, not an edit of the one on screen.
          key={policyId ?? 'new'}
          mode={mode}
          types={loaded?.shared ? sharedTypeChoices(types, loaded.shared.type) : types}
          {...(loaded && mode === 'edit' ? { initialValues: loaded.values } : {})}
          {...(loaded?.shared ? { sharedBy: loaded.shared.by } : {})}
          onSubmit={save}
          onCreateType={createType}
          onRenameType={renameType}
          onDeleteType={deleteType}
          {...(typeUsage ? { typeUsage } : {})}
          people={people}
          onChangeRelationship={changeRelationship}
        />
      ) : (
        <LoadingStatus label={t('tracker.form.loading')} />
      )}
    </Container>
  );
}

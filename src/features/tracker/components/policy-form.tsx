import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Button,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@tanstack/react-router';
import {
  Controller,
  useFieldArray,
  useForm,
  type FieldErrors,
  type Resolver,
} from 'react-hook-form';
import {
  ADDITIONAL_DETAILS_MAX_LENGTH,
  policyContactFields,
  renewalFrequencyValues,
  type PolicyContactField,
  type PolicyTypeValues,
} from '@/domain/schemas';
import {
  emptyPolicyForm,
  missingRequiredFields,
  policyFormSchema,
  relationshipClashes,
  withoutUntouchedContacts,
  withSavedPeople,
  type PolicyFormValues,
  type PolicySubmission,
  type SavedPerson,
} from '@/domain/tracker';
import { useT } from '@/lib/use-i18n';
import { toast } from '@/lib/toast';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { ContactsField } from './contacts-field';
import { CreateTypeModal } from './create-type-modal';
import { AmountField, DateField } from './form-fields';
import { LengthHint } from './length-hint';
import { ManageTypesModal } from './manage-types-modal';
import { MembersField } from './members-field';
import { fieldError, typeName } from '../words';

const contactFieldNames = new Set<string>(policyContactFields);

/** The Select option that opens the custom-type dialog instead of being chosen. */
export const CREATE_TYPE_OPTION = '__create-type__';

export interface PolicyTypeChoice {
  id: string;
  name: string;
  icon?: string | null;
  /** null: a global type; otherwise the user's own. */
  user_id: string | null;
}

interface PolicyFormProps {
  mode: 'create' | 'edit';
  /** undefined while the types are still being read. */
  types: readonly PolicyTypeChoice[] | undefined;
  initialValues?: PolicyFormValues;
  /** Saves; a rejection keeps the user on the form with what they typed. */
  onSubmit: (policy: PolicySubmission) => Promise<void>;
  /** Creates the user's own type and returns its id. */
  onCreateType: (input: PolicyTypeValues) => Promise<string>;
  onRenameType: (id: string, input: PolicyTypeValues) => Promise<void>;
  onDeleteType: (id: string) => Promise<void>;
  /** How many of the user's policies use each type, by id (said before deleting one). */
  typeUsage?: ReadonlyMap<string, number>;
  /** The people saved for the user, to pick members from; undefined while being read. */
  people: readonly SavedPerson[] | undefined;
  /** Changes a saved person's relationship on every policy (only ever asked explicitly). */
  onChangeRelationship: (person: SavedPerson, relationship: string) => Promise<void>;
  /**
   * Editing a policy someone shared with the user (issue 18): its members are the owner's,
   * shown but not changed here, and `types` are the standard ones and the owner's (no new
   * one is offered). The owner's name, else their address.
   */
  sharedBy?: string;
}

const noUsage: ReadonlyMap<string, number> = new Map();

// The zod schema normalises the inputs' empties ('' and null), so its input type is wider
// than the form's values; the resolver is typed by what the form holds and what a save gets.
const resolver = zodResolver(policyFormSchema) as unknown as Resolver<
  PolicyFormValues,
  unknown,
  PolicySubmission
>;

export function PolicyForm({
  mode,
  types,
  initialValues,
  onSubmit,
  onCreateType,
  onRenameType,
  onDeleteType,
  typeUsage = noUsage,
  people,
  onChangeRelationship,
  sharedBy,
}: PolicyFormProps) {
  const t = useT();
  const [creatingType, setCreatingType] = useState(false);
  const [managingTypes, setManagingTypes] = useState(false);
  const [asking, setAskingRows] = useState<ReadonlySet<string>>(new Set());
  // What the form opened with: a save leaves out the contacts the user did not change.
  const [initial] = useState(() => initialValues ?? emptyPolicyForm());
  const [contactsOpen, setContactsOpen] = useState(() =>
    policyContactFields.some((field) => initial[field].trim() !== ''),
  );
  const form = useForm<PolicyFormValues, unknown, PolicySubmission>({
    resolver,
    defaultValues: initial,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    control,
    register,
    handleSubmit,
    getValues,
    setValue,
    setFocus,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const members = useFieldArray({ control, name: 'members' });
  // A refused contact that was folded away, to focus once it shows and the form is enabled
  // again (the fieldset is disabled while a submit runs, and a disabled field takes no focus).
  const focusContact = useRef<PolicyContactField | null>(null);
  useEffect(() => {
    if (focusContact.current === null || isSubmitting || !contactsOpen) return;
    setFocus(focusContact.current);
    focusContact.current = null;
  });
  // An app update waits rather than reload over what the user has typed.
  useUnsavedChanges(isDirty);

  const typeData = useMemo(() => {
    const global = (types ?? []).filter((type) => type.user_id === null);
    const own = (types ?? []).filter((type) => type.user_id !== null);
    const toItem = (type: PolicyTypeChoice) => ({ value: type.id, label: typeName(t, type) });
    // On a policy shared with the user (issue 18) the other types are its owner's, and a new
    // one would be the user's own, which the server refuses on another owner's policy.
    if (sharedBy !== undefined) {
      return [
        ...(global.length > 0
          ? [{ group: t('tracker.form.standardTypes'), items: global.map(toItem) }]
          : []),
        ...(own.length > 0
          ? [{ group: t('shared.form.ownerTypes', { name: sharedBy }), items: own.map(toItem) }]
          : []),
      ];
    }
    return [
      ...(global.length > 0
        ? [{ group: t('tracker.form.standardTypes'), items: global.map(toItem) }]
        : []),
      ...(own.length > 0 ? [{ group: t('tracker.form.yourTypes'), items: own.map(toItem) }] : []),
      {
        group: t('tracker.form.custom'),
        items: [{ value: CREATE_TYPE_OPTION, label: t('tracker.form.createType') }],
      },
    ];
  }, [types, sharedBy, t]);

  const ownTypes = useMemo(() => (types ?? []).filter((type) => type.user_id !== null), [types]);

  const setAsking = (rowId: string, ask: boolean) =>
    setAskingRows((rows) => {
      if (rows.has(rowId) === ask) return rows;
      const next = new Set(rows);
      if (ask) next.add(rowId);
      else next.delete(rowId);
      return next;
    });

  const save = async (policy: PolicySubmission) => {
    // A saved person is never changed by a save: each clash waits for the user's answer.
    const clashes = relationshipClashes(people ?? [], getValues('members'));
    if (clashes.length > 0) {
      setAskingRows(new Set(clashes.map((c) => members.fields[c.index]?.id ?? '')));
      return;
    }
    const saved = withSavedPeople(people ?? [], getValues('members'));
    await onSubmit(withoutUntouchedContacts({ ...policy, members: saved }, initial));
  };

  const onInvalid = (formErrors: FieldErrors<PolicyFormValues>) => {
    if (missingRequiredFields(getValues()).length > 0) {
      toast({ title: t('tracker.form.requiredFields'), variant: 'destructive' });
    }
    // A refused contact must be seen: unfold them. The form moves focus to the first refused
    // field, unless that one was folded away; then it goes there once shown.
    const contactError = policyContactFields.find((field) => formErrors[field]);
    if (contactError === undefined) return;
    setContactsOpen(true);
    if (Object.keys(formErrors).every((field) => contactFieldNames.has(field))) {
      focusContact.current = contactError;
    }
  };

  const createType = async (input: PolicyTypeValues) => {
    const id = await onCreateType(input);
    setValue('policy_type_id', id, { shouldValidate: true, shouldDirty: true });
  };

  const deleteType = async (id: string) => {
    await onDeleteType(id);
    if (getValues('policy_type_id') === id) {
      setValue('policy_type_id', null, { shouldDirty: true });
    }
  };

  const submitLabel = t(
    isSubmitting
      ? 'tracker.form.saving'
      : mode === 'edit'
        ? 'tracker.form.saveChanges'
        : 'tracker.form.addPolicy',
  );

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form
          onSubmit={(e) => void handleSubmit(save, onInvalid)(e)}
          noValidate
          aria-label={t(mode === 'edit' ? 'tracker.form.editTitle' : 'tracker.form.addTitle')}
        >
          <Fieldset variant="unstyled" disabled={isSubmitting}>
            <Stack gap="md">
              <Controller
                control={control}
                name="policy_type_id"
                render={({ field, fieldState }) => (
                  <Select
                    label={t('tracker.form.type')}
                    withAsterisk
                    aria-required
                    placeholder={t(
                      types === undefined ? 'tracker.form.loadingTypes' : 'tracker.form.selectType',
                    )}
                    data={typeData}
                    value={field.value}
                    onChange={(value) => {
                      if (value === CREATE_TYPE_OPTION) setCreatingType(true);
                      else field.onChange(value);
                    }}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    name={field.name}
                    error={fieldError(t, fieldState.error?.message)}
                    allowDeselect={false}
                    nothingFoundMessage={t('tracker.form.noTypes')}
                  />
                )}
              />
              {ownTypes.length > 0 && sharedBy === undefined ? (
                <Group mt={-8}>
                  <Button variant="subtle" size="compact-sm" onClick={() => setManagingTypes(true)}>
                    {t('tracker.form.manageTypes')}
                  </Button>
                </Group>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput
                  label={t('tracker.form.insurer')}
                  withAsterisk
                  aria-required
                  placeholder={t('tracker.form.insurerPlaceholder')}
                  error={fieldError(t, errors.insurer_name?.message)}
                  {...register('insurer_name')}
                />
                <TextInput
                  label={t('tracker.form.number')}
                  withAsterisk
                  aria-required
                  error={fieldError(t, errors.policy_number?.message)}
                  {...register('policy_number')}
                />
              </SimpleGrid>
              <TextInput
                label={t('tracker.form.plan')}
                error={fieldError(t, errors.product_name?.message)}
                {...register('product_name')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DateField
                  control={control}
                  name="start_date"
                  label={t('tracker.form.start')}
                  required
                  // Changing the start re-checks that the renewal is not before it.
                  deps={['next_renewal_date']}
                />
                <DateField
                  control={control}
                  name="next_renewal_date"
                  label={t('tracker.form.nextRenewal')}
                  required
                />
              </SimpleGrid>
              <NativeSelect
                label={t('tracker.form.frequency')}
                data={renewalFrequencyValues.map((value) => ({
                  value,
                  label: t(`tracker.frequency.${value}`),
                }))}
                error={fieldError(t, errors.renewal_frequency?.message)}
                {...register('renewal_frequency')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <AmountField
                  control={control}
                  name="sum_insured"
                  label={t('tracker.form.sumInsured')}
                  placeholder="500000"
                />
                <AmountField
                  control={control}
                  name="premium_amount"
                  label={t('tracker.form.premium')}
                  placeholder="15000"
                />
              </SimpleGrid>

              {sharedBy === undefined ? (
                <MembersField
                  form={form}
                  rows={members}
                  people={people}
                  asking={asking}
                  setAsking={setAsking}
                  onChangeRelationship={onChangeRelationship}
                />
              ) : (
                <Text size="sm">
                  {t('shared.form.members', {
                    name: sharedBy,
                    members:
                      members.fields.map((m) => `${m.name} (${m.relationship})`).join(', ') || '—',
                  })}
                </Text>
              )}

              <Textarea
                label={t('tracker.form.details')}
                description={
                  <LengthHint
                    control={control}
                    name="additional_details"
                    max={ADDITIONAL_DETAILS_MAX_LENGTH}
                  />
                }
                placeholder={t('tracker.form.detailsPlaceholder')}
                rows={4}
                resize="vertical"
                error={fieldError(t, errors.additional_details?.message)}
                {...register('additional_details')}
              />

              <ContactsField
                form={form}
                open={contactsOpen}
                onToggle={() => setContactsOpen((open) => !open)}
              />

              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  component={Link}
                  to="/policy-tracker"
                  disabled={isSubmitting}
                >
                  {t('tracker.cancel')}
                </Button>
                <Button type="submit" loading={false} disabled={isSubmitting}>
                  {submitLabel}
                </Button>
              </Group>
            </Stack>
          </Fieldset>
        </form>
      </Paper>
      <CreateTypeModal
        opened={creatingType}
        onClose={() => setCreatingType(false)}
        onCreate={createType}
      />
      <ManageTypesModal
        opened={managingTypes}
        onClose={() => setManagingTypes(false)}
        types={ownTypes.map((type) => ({ id: type.id, name: type.name, icon: type.icon ?? null }))}
        usage={typeUsage}
        onRename={onRenameType}
        onDelete={deleteType}
      />
    </>
  );
}

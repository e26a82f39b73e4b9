import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Fieldset,
  Group,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  Controller,
  useWatch,
  type UseFieldArrayReturn,
  type UseFormReturn,
} from 'react-hook-form';
import {
  emptyMemberRow,
  findSavedPerson,
  relationshipClash,
  type PolicyFormValues,
  type PolicySubmission,
  type RelationshipClash,
  type SavedPerson,
} from '@/domain/tracker';
import { formatIndianNumber } from '@/lib/format';
import { useT } from '@/lib/use-i18n';
import { useBusy } from '../hooks/use-busy';
import { fieldError } from '../words';

interface MembersFieldProps {
  form: UseFormReturn<PolicyFormValues, unknown, PolicySubmission>;
  rows: UseFieldArrayReturn<PolicyFormValues, 'members'>;
  /** The people saved for the user; undefined while being read. */
  people: readonly SavedPerson[] | undefined;
  /** Field-array row ids whose relationship question is shown (set after leaving the row). */
  asking: ReadonlySet<string>;
  setAsking: (rowId: string, ask: boolean) => void;
  /** The explicit edit: the person's relationship changes on every policy. */
  onChangeRelationship: (person: SavedPerson, relationship: string) => Promise<void>;
}

interface ClashQuestionProps {
  clash: RelationshipClash;
  onChange: () => Promise<void>;
  onKeep: () => void;
}

/** "Ravi is saved as Husband. Change to Spouse on every policy?" with both answers. */
function ClashQuestion({ clash, onChange, onKeep }: ClashQuestionProps) {
  const t = useT();
  const [busy, run] = useBusy();
  return (
    <Alert variant="light" color="orange" role="alert" p="sm">
      <Text size="sm">
        {t('tracker.members.clashQuestion', {
          name: clash.person.name,
          saved: clash.person.relationship,
          wanted: clash.wanted,
        })}
      </Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={() => void run(onChange)} loading={busy}>
          {t('tracker.members.changeTo', { relationship: clash.wanted })}
        </Button>
        <Button size="xs" variant="default" onClick={onKeep} disabled={busy}>
          {t('tracker.members.keep', { relationship: clash.person.relationship })}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * Members Covered: each row picks a saved person (a searchable list of names with their
 * relationships) or adds a new one by typing a name and relationship. A saved person is never
 * changed by a save; typing another relationship for one asks first.
 */
export function MembersField({
  form,
  rows,
  people = [],
  asking,
  setAsking,
  onChangeRelationship,
}: MembersFieldProps) {
  const t = useT();
  const {
    control,
    register,
    setValue,
    setFocus,
    formState: { errors },
  } = form;
  const values = useWatch({ control, name: 'members' });
  const byName = new Map(people.map((p) => [p.name, p]));

  return (
    <Fieldset legend={t('tracker.members.legend')} radius="md">
      <Stack gap="sm">
        {rows.fields.map((row, index) => {
          const current = values[index] ?? emptyMemberRow();
          const clash = asking.has(row.id) ? relationshipClash(people, current, index) : null;
          const relationshipName = `members.${index}.relationship` as const;
          const relationship = register(relationshipName);
          const n = formatIndianNumber(index + 1);
          const saved = findSavedPerson(people, current.name);
          const fillFrom = (person: SavedPerson | undefined) => {
            if (!person) return;
            setValue(relationshipName, person.relationship, { shouldDirty: true });
          };
          return (
            <Stack key={row.id} gap="xs" data-testid="member-row">
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <Controller
                  control={control}
                  name={`members.${index}.name`}
                  render={({ field, fieldState }) => (
                    <Autocomplete
                      label={t('tracker.members.name')}
                      aria-label={t('tracker.members.nameFor', { n })}
                      placeholder={people.length > 0 ? t('tracker.members.pick') : undefined}
                      style={{ flex: 1 }}
                      data={people.map((p) => p.name)}
                      renderOption={({ option }) => (
                        <span>
                          {option.value}{' '}
                          <Text span size="sm" c="dimmed">
                            ({byName.get(option.value)?.relationship})
                          </Text>
                        </span>
                      )}
                      value={field.value}
                      onChange={field.onChange}
                      onOptionSubmit={(name) => fillFrom(byName.get(name))}
                      onBlur={() => {
                        field.onBlur();
                        setAsking(row.id, true);
                      }}
                      ref={field.ref}
                      name={field.name}
                      error={fieldError(t, fieldState.error?.message)}
                    />
                  )}
                />
                <TextInput
                  label={t('tracker.members.relationship')}
                  aria-label={t('tracker.members.relationshipFor', { n })}
                  // A saved person's name alone is enough: the saved relationship shows as the hint.
                  placeholder={saved?.relationship ?? t('tracker.members.relationshipPlaceholder')}
                  style={{ flex: 1 }}
                  error={fieldError(t, errors.members?.[index]?.relationship?.message)}
                  {...relationship}
                  onChange={(event) => {
                    // Asked again once the user has finished typing, not at every letter.
                    setAsking(row.id, false);
                    return relationship.onChange(event);
                  }}
                  onBlur={(event) => {
                    setAsking(row.id, true);
                    return relationship.onBlur(event);
                  }}
                />
                {rows.fields.length > 1 ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    size="lg"
                    aria-label={t('tracker.members.remove', { n })}
                    onClick={() => rows.remove(index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
              {clash ? (
                <ClashQuestion
                  clash={clash}
                  onChange={async () => {
                    await onChangeRelationship(clash.person, clash.wanted);
                    setFocus(relationshipName);
                  }}
                  onKeep={() => {
                    setValue(relationshipName, clash.person.relationship, { shouldDirty: true });
                    setFocus(relationshipName);
                  }}
                />
              ) : null}
            </Stack>
          );
        })}
        <Group>
          <Button
            variant="light"
            size="sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => rows.append(emptyMemberRow())}
          >
            {t('tracker.members.add')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {t('tracker.members.help')}
        </Text>
      </Stack>
    </Fieldset>
  );
}

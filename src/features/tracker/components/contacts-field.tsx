import { useId } from 'react';
import { SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { UseFormReturn } from 'react-hook-form';
import { CONTACT_NAME_MAX_LENGTH, PHONE_MAX_LENGTH } from '@/domain/schemas';
import type { PolicyFormValues, PolicySubmission } from '@/domain/tracker';
import { useT } from '@/lib/use-i18n';
import { fieldError } from '../words';
import { LengthHint } from './length-hint';

interface ContactsFieldProps {
  form: UseFormReturn<PolicyFormValues, unknown, PolicySubmission>;
  open: boolean;
  onToggle: () => void;
}

/**
 * The policy's optional contacts (issue 17), folded away so the form stays short: a phone's
 * first screen is for the fields every policy needs. The inputs stay in the form while folded,
 * so their values are saved and checked either way.
 */
export function ContactsField({ form, open, onToggle }: ContactsFieldProps) {
  const t = useT();
  const phoneHint = t('tracker.contacts.phoneHint', { max: PHONE_MAX_LENGTH });
  const {
    control,
    register,
    formState: { errors },
  } = form;
  const titleId = useId();
  const groupId = useId();
  return (
    <Stack gap="xs">
      <UnstyledButton
        id={titleId}
        aria-expanded={open}
        aria-controls={groupId}
        onClick={onToggle}
        fw={500}
        c="blue.8"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, alignSelf: 'flex-start' }}
      >
        {t('tracker.contacts.title')}
        <IconChevronDown
          size={16}
          aria-hidden
          style={{ transform: open ? 'rotate(180deg)' : undefined }}
        />
      </UnstyledButton>
      <Text size="sm" c="dimmed" mt={-6}>
        {t('tracker.contacts.help')}
      </Text>
      {/* A plain element: Mantine's Stack would override the hidden attribute's display. */}
      <div id={groupId} hidden={!open} role="group" aria-labelledby={titleId}>
        <Stack gap="md" pt="xs">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('tracker.contacts.claim')}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder={t('tracker.contacts.claimPlaceholder')}
              description={phoneHint}
              error={fieldError(t, errors.claim_helpline?.message)}
              {...register('claim_helpline')}
            />
            <TextInput
              label={t('tracker.contacts.nominee')}
              autoComplete="off"
              description={
                <LengthHint
                  control={control}
                  name="nominee_name"
                  max={CONTACT_NAME_MAX_LENGTH.nominee_name}
                />
              }
              error={fieldError(t, errors.nominee_name?.message)}
              {...register('nominee_name')}
            />
            <TextInput
              label={t('tracker.contacts.tpa')}
              autoComplete="off"
              placeholder={t('tracker.contacts.tpaPlaceholder')}
              description={
                <LengthHint
                  control={control}
                  name="tpa_name"
                  max={CONTACT_NAME_MAX_LENGTH.tpa_name}
                />
              }
              error={fieldError(t, errors.tpa_name?.message)}
              {...register('tpa_name')}
            />
            <TextInput
              label={t('tracker.contacts.tpaHelpline')}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              description={phoneHint}
              error={fieldError(t, errors.tpa_helpline?.message)}
              {...register('tpa_helpline')}
            />
            <TextInput
              label={t('tracker.contacts.agent')}
              autoComplete="off"
              description={
                <LengthHint
                  control={control}
                  name="agent_name"
                  max={CONTACT_NAME_MAX_LENGTH.agent_name}
                />
              }
              error={fieldError(t, errors.agent_name?.message)}
              {...register('agent_name')}
            />
            <TextInput
              label={t('tracker.contacts.agentPhone')}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder={t('tracker.contacts.agentPhonePlaceholder')}
              description={phoneHint}
              error={fieldError(t, errors.agent_phone?.message)}
              {...register('agent_phone')}
            />
          </SimpleGrid>
        </Stack>
      </div>
    </Stack>
  );
}

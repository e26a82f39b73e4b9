import { useState } from 'react';
import { Alert, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { shareRoleSchema } from '@/domain/schemas/share';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import { createInvitation } from '../api/create-invitation';
import { shareErrorMessage } from '../share-messages';
import { FormActions } from '@/components/ui/form-actions';

// The address itself is the server's to judge (SH002), so its sentence is the one shown.
const inviteFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'sharing.invite.emailRequired')
    .max(320, 'sharing.error.invalidEmail'),
  role: shareRoleSchema,
  scope: z.enum(['policy', 'all']),
});
type InviteFormValues = z.infer<typeof inviteFormSchema>;

interface InviteDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Opened from a policy: that policy, or all of them. Null: all policies only. */
  policyId: string | null;
  /** "Star Health · SH-1", to say which policy "this policy" is. */
  policyLabel?: string;
  /** After an invitation went out, so lists of who is invited can refresh. */
  onSent?: () => void;
}

/**
 * Invites a person by email as viewer or editor, to one policy or to all (later ones too).
 * A Mantine Modal: it traps focus and gives it back to the button that opened it. A refusal
 * (yourself, not an address, already invited, too many) is said in the dialog and what was
 * typed stays, so nothing has to be entered again.
 */
export function InviteDialog({
  opened,
  onClose,
  policyId,
  policyLabel,
  onSent,
}: InviteDialogProps) {
  const t = useT();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<InviteFormValues>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: '', role: 'viewer', scope: policyId === null ? 'all' : 'policy' },
  });

  const close = () => {
    if (isSubmitting) return;
    setRefusal(null);
    reset();
    onClose();
  };

  const onValid = async ({ email, role, scope }: InviteFormValues) => {
    setRefusal(null);
    const result = await createInvitation({
      email,
      role,
      policyId: scope === 'policy' ? policyId : null,
    });
    if (!result.ok) {
      setRefusal(shareErrorMessage(t, result.error));
      return;
    }
    toast({
      title: t('sharing.invite.sent.title'),
      description: t('sharing.invite.sent.text', { email: result.data.email }),
    });
    reset();
    onSent?.();
    onClose();
  };

  const title = policyId === null ? t('sharing.invite.titleAll') : t('sharing.invite.title');
  return (
    <Modal opened={opened} onClose={close} title={title} centered trapFocus returnFocus>
      <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate>
        <Stack gap="md">
          {policyId !== null && policyLabel ? (
            <Text fz="sm">{t('sharing.invite.policy', { policy: policyLabel })}</Text>
          ) : null}
          <TextInput
            type="email"
            autoComplete="email"
            label={t('sharing.invite.email')}
            description={t('sharing.invite.emailHint')}
            error={errors.email?.message === undefined ? undefined : t(errors.email.message)}
            data-autofocus
            {...register('email')}
          />
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Radio.Group
                label={t('sharing.invite.role')}
                value={field.value}
                onChange={(value) => field.onChange(shareRoleSchema.parse(value))}
              >
                <Stack gap="xs" mt={4}>
                  <Radio value="viewer" label={t('sharing.role.viewerHint')} />
                  <Radio value="editor" label={t('sharing.role.editorHint')} />
                </Stack>
              </Radio.Group>
            )}
          />
          {policyId !== null ? (
            <Controller
              control={control}
              name="scope"
              render={({ field }) => (
                <Radio.Group
                  label={t('sharing.invite.scope')}
                  value={field.value}
                  onChange={(value) => field.onChange(value === 'all' ? 'all' : 'policy')}
                >
                  <Stack gap="xs" mt={4}>
                    <Radio value="policy" label={t('sharing.scope.thisPolicy')} />
                    <Radio value="all" label={t('sharing.scope.allLater')} />
                  </Stack>
                </Radio.Group>
              )}
            />
          ) : (
            <Text fz="sm">{t('sharing.scope.allLater')}</Text>
          )}
          {refusal !== null ? (
            <Alert color="red" role="alert" title={t('sharing.invite.notSent')}>
              {refusal}
            </Alert>
          ) : null}
          <FormActions
            cancelLabel={t('sharing.cancel')}
            submitLabel={t('sharing.invite.send')}
            onCancel={close}
            busy={isSubmitting}
          />
        </Stack>
      </form>
    </Modal>
  );
}

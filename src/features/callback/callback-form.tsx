import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  NativeSelect,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { timings } from '@/config/site';
import { toast } from '@/lib/toast';
import { submitCallback } from './api/submit-callback';
import {
  callbackFormSchema,
  callbackProducts,
  emptyCallbackForm,
  type CallbackFormData,
  type CallbackFormValues,
} from './callback-schema';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { useT, withElements } from '@/lib/use-i18n';

const OFFLINE_TITLE = 'shell.offline.title';
const OFFLINE_MESSAGE = 'callback.offline';

export function CallbackForm() {
  const navigate = useNavigate();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [offline, setOffline] = useState(false);
  const t = useT();
  // The schema's messages are its English texts, which the catalogs hold as ids.
  const message = (error: { message?: string } | undefined) =>
    error?.message === undefined ? undefined : t(error.message);

  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<CallbackFormValues, unknown, CallbackFormData>({
    resolver: zodResolver(callbackFormSchema),
    defaultValues: emptyCallbackForm,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useUnsavedChanges(isDirty);
  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  const onValid = async ({ consent, ...request }: CallbackFormData) => {
    setOffline(false);
    if (!consent) {
      toast({
        title: t('callback.consent.title'),
        description: t('callback.consent.text'),
        variant: 'destructive',
      });
      return;
    }
    const result = await submitCallback(request);
    if (result.ok) {
      toast({
        title: t('callback.sent.title'),
        description: t('callback.sent.text'),
      });
      reset(emptyCallbackForm);
      clearTimeout(redirectTimer.current);
      redirectTimer.current = setTimeout(() => {
        void navigate({ to: '/' });
      }, timings.callbackRedirectMs);
    } else if (result.reason === 'offline') {
      setOffline(true);
      toast({ title: t(OFFLINE_TITLE), description: t(OFFLINE_MESSAGE), variant: 'destructive' });
    } else {
      toast({
        title: t('callback.failed.title'),
        description: t('callback.failed.text'),
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label={t('home.expert.callback')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('callback.name')}
            autoComplete="name"
            withAsterisk
            aria-required
            disabled={isSubmitting}
            error={message(errors.name)}
            {...register('name')}
          />
          <TextInput
            label={t('callback.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="98300 12345"
            withAsterisk
            aria-required
            disabled={isSubmitting}
            error={message(errors.phone)}
            {...register('phone')}
          />
          <TextInput
            label={t('callback.city')}
            autoComplete="address-level2"
            withAsterisk
            aria-required
            disabled={isSubmitting}
            error={message(errors.city)}
            {...register('city')}
          />
          <NativeSelect
            label={t('callback.product')}
            data={callbackProducts.map((value) => ({
              value,
              label: t(`callback.product.${value}`),
            }))}
            disabled={isSubmitting}
            error={message(errors.product)}
            {...register('product')}
          />
        </SimpleGrid>
        <Checkbox
          disabled={isSubmitting}
          label={
            <>
              {withElements(t, 'callback.consent', {
                privacy: (
                  <Anchor component={Link} to="/privacy" inherit>
                    {t('shell.footer.privacy')}
                  </Anchor>
                ),
              })}
            </>
          }
          {...register('consent')}
        />
        {offline ? (
          <Alert
            color="red"
            variant="light"
            title={t(OFFLINE_TITLE)}
            icon={<IconWifiOff aria-hidden />}
            role="alert"
          >
            {t(OFFLINE_MESSAGE)}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" size="md" disabled={isSubmitting}>
            {isSubmitting ? t('callback.submitting') : t('callback.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

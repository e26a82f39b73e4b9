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

const OFFLINE_TITLE = 'You are offline';
const OFFLINE_MESSAGE =
  'Your request cannot be sent without an internet connection. Your details are still here: please try again when you are back online.';

export function CallbackForm() {
  const navigate = useNavigate();
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [offline, setOffline] = useState(false);

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
        title: 'Consent Required',
        description: 'Please agree to the terms before submitting.',
        variant: 'destructive',
      });
      return;
    }
    const result = await submitCallback(request);
    if (result.ok) {
      toast({
        title: 'Request Sent!',
        description: 'An advisor will contact you shortly. You will be redirected to the homepage.',
      });
      reset(emptyCallbackForm);
      clearTimeout(redirectTimer.current);
      redirectTimer.current = setTimeout(() => {
        void navigate({ to: '/' });
      }, timings.callbackRedirectMs);
    } else if (result.reason === 'offline') {
      setOffline(true);
      toast({ title: OFFLINE_TITLE, description: OFFLINE_MESSAGE, variant: 'destructive' });
    } else {
      toast({
        title: 'Submission Failed',
        description: 'Something went wrong. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Request a callback">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Full Name"
            autoComplete="name"
            withAsterisk
            aria-required
            disabled={isSubmitting}
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label="Mobile Number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="98300 12345"
            withAsterisk
            aria-required
            disabled={isSubmitting}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <TextInput
            label="City"
            autoComplete="address-level2"
            withAsterisk
            aria-required
            disabled={isSubmitting}
            error={errors.city?.message}
            {...register('city')}
          />
          <NativeSelect
            label="Interested In"
            data={callbackProducts}
            disabled={isSubmitting}
            error={errors.product?.message}
            {...register('product')}
          />
        </SimpleGrid>
        <Checkbox
          disabled={isSubmitting}
          label={
            <>
              I agree to be contacted about my enquiry by phone or WhatsApp, and I have read the{' '}
              <Anchor component={Link} to="/privacy" inherit>
                Privacy Policy
              </Anchor>
              .
            </>
          }
          {...register('consent')}
        />
        {offline ? (
          <Alert
            color="red"
            variant="light"
            title={OFFLINE_TITLE}
            icon={<IconWifiOff aria-hidden />}
            role="alert"
          >
            {OFFLINE_MESSAGE}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" size="md" disabled={isSubmitting}>
            {isSubmitting ? 'Submitting...' : 'Request a Callback'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}

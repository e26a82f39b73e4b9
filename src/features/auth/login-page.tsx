import { useState } from 'react';
import { Anchor, Button, Divider, Group, Stack, Tabs } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { resetEmailSchema } from '@/domain/auth';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/use-i18n';
import { authErrorText } from './auth-error-text';
import { AuthCard } from './auth-card';
import { useCredentialsForm } from './credentials-form';
import {
  sendPasswordResetEmail,
  signInWithGoogle,
  signInWithPassword,
  signUpWithPassword,
} from './auth-api';

function LoginForm() {
  const t = useT();
  const { form, submit, fields, button } = useCredentialsForm('login');
  const [sendingReset, setSendingReset] = useState(false);

  const onSubmit = submit(async ({ email, password }) => {
    const { error } = await signInWithPassword(email, password);
    if (error)
      toast({
        title: t('auth.toast.signInFailed'),
        description: authErrorText(error),
        variant: 'destructive',
      });
    // On success the auth provider toasts and navigates; the button stays busy until then.
    return error === null;
  });

  const onForgot = async () => {
    const email = resetEmailSchema.safeParse(form.getValues('email'));
    if (!email.success) {
      form.setError('email', { message: 'auth.login.resetNeedsEmail' }, { shouldFocus: true });
      return;
    }
    form.clearErrors('email');
    setSendingReset(true);
    const { error } = await sendPasswordResetEmail(email.data);
    setSendingReset(false);
    if (error) {
      toast({
        title: t('auth.toast.resetFailed'),
        description: authErrorText(error),
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: t('auth.toast.resetSent'),
      description: t('auth.toast.resetSentDetail'),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {fields}
        <Group justify="flex-end" mt={-8}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => void onForgot()}
            disabled={sendingReset}
          >
            {sendingReset ? t('auth.login.sendingReset') : t('auth.login.forgot')}
          </Anchor>
        </Group>
        {button}
      </Stack>
    </form>
  );
}

function SignUpForm({ redirect }: { redirect?: string }) {
  const t = useT();
  const { form, submit, fields, button } = useCredentialsForm('signup');

  const onSubmit = submit(async ({ email, password }) => {
    const { error, needsConfirmation } = await signUpWithPassword(email, password, redirect);
    if (error) {
      toast({
        title: t('auth.toast.signUpFailed'),
        description: authErrorText(error),
        variant: 'destructive',
      });
      return false;
    }
    if (needsConfirmation) {
      form.reset();
      toast({
        title: t('auth.toast.signUpDone'),
        description: t('auth.toast.confirmEmail'),
      });
      return false;
    }
    // With a session the provider toasts and takes the user to the dashboard.
    return true;
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {fields}
        {button}
      </Stack>
    </form>
  );
}

export function LoginPage({ redirect }: { redirect?: string }) {
  const t = useT();
  const [googlePending, setGooglePending] = useState(false);

  const onGoogle = async () => {
    setGooglePending(true);
    const { error } = await signInWithGoogle(redirect);
    if (error) {
      setGooglePending(false);
      toast({
        title: t('auth.toast.googleFailed'),
        description: authErrorText(error),
        variant: 'destructive',
      });
    }
    // Otherwise the browser is on its way to the account chooser.
  };

  return (
    <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <Tabs defaultValue="login" keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="login">{t('auth.login.tab')}</Tabs.Tab>
          <Tabs.Tab value="signup">{t('auth.signup.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login">
          <LoginForm />
        </Tabs.Panel>
        <Tabs.Panel value="signup">
          <SignUpForm redirect={redirect} />
        </Tabs.Panel>
      </Tabs>
      <Divider label={t('auth.login.or')} labelPosition="center" />
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        onClick={() => void onGoogle()}
        disabled={googlePending}
        fullWidth
      >
        {t('auth.login.google')}
      </Button>
    </AuthCard>
  );
}

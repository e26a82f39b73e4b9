import { useState } from 'react';
import { Anchor, Button, Divider, Group, Stack, Tabs } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { resetEmailSchema } from '@/domain/auth';
import { toast } from '@/lib/toast';
import { AuthCard } from './auth-card';
import { useCredentialsForm } from './credentials-form';
import {
  sendPasswordResetEmail,
  signInWithGoogle,
  signInWithPassword,
  signUpWithPassword,
} from './auth-api';

function LoginForm() {
  const { form, submit, fields, button } = useCredentialsForm('login');
  const [sendingReset, setSendingReset] = useState(false);

  const onSubmit = submit(async ({ email, password }) => {
    const { error } = await signInWithPassword(email, password);
    if (error) toast({ title: 'Sign in Failed', description: error, variant: 'destructive' });
    // On success the auth provider toasts and navigates; the button stays busy until then.
    return error === null;
  });

  const onForgot = async () => {
    const email = resetEmailSchema.safeParse(form.getValues('email'));
    if (!email.success) {
      form.setError(
        'email',
        { message: 'Enter your email address above to receive a password reset link.' },
        { shouldFocus: true },
      );
      return;
    }
    form.clearErrors('email');
    setSendingReset(true);
    const { error } = await sendPasswordResetEmail(email.data);
    setSendingReset(false);
    if (error) {
      toast({ title: 'Error sending reset email', description: error, variant: 'destructive' });
      return;
    }
    toast({
      title: 'Password reset email sent',
      description: 'Check your email for a link to reset your password.',
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
            {sendingReset ? 'Sending reset email...' : 'Forgot password?'}
          </Anchor>
        </Group>
        {button}
      </Stack>
    </form>
  );
}

function SignUpForm({ redirect }: { redirect?: string }) {
  const { form, submit, fields, button } = useCredentialsForm('signup');

  const onSubmit = submit(async ({ email, password }) => {
    const { error, needsConfirmation } = await signUpWithPassword(email, password, redirect);
    if (error) {
      toast({ title: 'Sign up Failed', description: error, variant: 'destructive' });
      return false;
    }
    if (needsConfirmation) {
      form.reset();
      toast({
        title: 'Sign up successful!',
        description: 'Please check your email to confirm your account.',
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
  const [googlePending, setGooglePending] = useState(false);

  const onGoogle = async () => {
    setGooglePending(true);
    const { error } = await signInWithGoogle(redirect);
    if (error) {
      setGooglePending(false);
      toast({ title: 'Google Sign-in Failed', description: error, variant: 'destructive' });
    }
    // Otherwise the browser is on its way to the account chooser.
  };

  return (
    <AuthCard
      title="Welcome to BimaGuide"
      subtitle="Log in or create an account to track your policies"
    >
      <Tabs defaultValue="login" keepMounted={false}>
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="login">Login</Tabs.Tab>
          <Tabs.Tab value="signup">Sign Up</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login">
          <LoginForm />
        </Tabs.Panel>
        <Tabs.Panel value="signup">
          <SignUpForm redirect={redirect} />
        </Tabs.Panel>
      </Tabs>
      <Divider label="or" labelPosition="center" />
      <Button
        variant="default"
        leftSection={<IconBrandGoogle size={18} aria-hidden />}
        onClick={() => void onGoogle()}
        disabled={googlePending}
        fullWidth
      >
        Continue with Google
      </Button>
    </AuthCard>
  );
}

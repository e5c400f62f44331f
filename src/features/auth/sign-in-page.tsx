import { PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSignIn } from './api';
import { AuthCard } from './auth-card';

export function SignInPage(props: { onSignedIn: () => void }) {
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { handle: '', password: '' },
    validate: {
      handle: (v) => (v.trim() ? null : 'Enter your handle'),
      password: (v) => (v ? null : 'Enter your password'),
    },
  });
  return (
    <AuthCard
      title="Sign in"
      other={{ question: 'New here?', to: '/sign-up', label: 'Create an account' }}
      form={form}
      mutation={signIn}
      body={(v) => ({ handle: v.handle.trim(), password: v.password })}
      onDone={props.onSignedIn}
      submitLabel="Sign in"
    >
      <TextInput
        label="Handle"
        autoComplete="username"
        autoFocus
        {...form.getInputProps('handle')}
      />
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        {...form.getInputProps('password')}
      />
    </AuthCard>
  );
}

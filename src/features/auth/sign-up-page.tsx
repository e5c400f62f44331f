import { PasswordInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_LIMITS } from '../../../contract/rules/limits';
import { handleError } from '../../lib/handle';
import { useSignUp } from './api';
import { AuthCard } from './auth-card';

export function SignUpPage(props: { onSignedUp: () => void }) {
  const signUp = useSignUp();
  const form = useForm({
    initialValues: { handle: '', display_name: '', password: '', confirm: '' },
    validate: {
      handle: handleError,
      password: (v) =>
        v.length >= ACCOUNT_LIMITS.passwordMin
          ? null
          : `At least ${ACCOUNT_LIMITS.passwordMin} characters`,
      confirm: (v, values) => (v === values.password ? null : 'The passwords differ'),
    },
  });
  return (
    <AuthCard
      title="Create your account"
      other={{ question: 'Have an account?', to: '/sign-in', label: 'Sign in' }}
      form={form}
      mutation={signUp}
      body={(v) => ({
        handle: v.handle.trim(),
        password: v.password,
        display_name: v.display_name.trim() || undefined,
      })}
      onDone={props.onSignedUp}
      submitLabel="Sign up"
    >
      <TextInput
        label="Handle"
        description="Your name in links, like /handle/dashboard"
        autoComplete="username"
        autoFocus
        {...form.getInputProps('handle')}
      />
      <TextInput label="Display name" {...form.getInputProps('display_name')} />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        {...form.getInputProps('confirm')}
      />
    </AuthCard>
  );
}

import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
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
      footer={
        <>
          New here?{' '}
          <Anchor component={Link} to="/sign-up">
            Create an account
          </Anchor>
        </>
      }
    >
      <form
        onSubmit={form.onSubmit((values) =>
          signIn.mutate(
            { handle: values.handle.trim(), password: values.password },
            { onSuccess: props.onSignedIn },
          ),
        )}
      >
        <Stack>
          {signIn.error && (
            <Alert color="red" role="alert">
              {signIn.error.message}
            </Alert>
          )}
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
          <Button type="submit" loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

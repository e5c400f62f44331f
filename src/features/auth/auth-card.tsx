import { Alert, Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { FormEventHandler, ReactNode } from 'react';

/** What AuthCard reads of a Mantine form and of the sign-in or sign-up mutation. */
type AuthForm<Values> = {
  onSubmit: (submit: (values: Values) => void) => FormEventHandler<HTMLFormElement>;
};
type AuthMutation<Body> = {
  mutate: (body: Body, options: { onSuccess: () => void }) => void;
  error: Error | null;
  isPending: boolean;
};

/**
 * The sign-in and sign-up pages: the app's name, a form of `children` fields (with the service's
 * error above them and the submit button below), and a link to the other page. A valid form
 * runs `mutation` with the `body` of its values, then `onDone`.
 */
export function AuthCard<Values, Body>(props: {
  title: string;
  form: AuthForm<Values>;
  mutation: AuthMutation<Body>;
  body: (values: Values) => Body;
  onDone: () => void;
  submitLabel: string;
  /** The other page: "New here?", its path and its link's words. */
  other: { question: string; to: '/sign-in' | '/sign-up'; label: string };
  children: ReactNode;
}) {
  const { mutation } = props;
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Stack w={380} gap="lg">
        <Stack gap={4} align="center">
          <Title order={1} size="h2">
            Strata
          </Title>
          <Text c="dimmed" size="sm">
            An open SQL analytics workbench
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Title order={2} size="h4" mb="md">
            {props.title}
          </Title>
          <form
            onSubmit={props.form.onSubmit((values) =>
              mutation.mutate(props.body(values), { onSuccess: props.onDone }),
            )}
          >
            <Stack>
              {mutation.error && (
                <Alert color="red" role="alert">
                  {mutation.error.message}
                </Alert>
              )}
              {props.children}
              <Button type="submit" loading={mutation.isPending}>
                {props.submitLabel}
              </Button>
            </Stack>
          </form>
        </Paper>
        <Text size="sm" ta="center">
          {props.other.question}{' '}
          <Anchor component={Link} to={props.other.to}>
            {props.other.label}
          </Anchor>
        </Text>
        <Text size="xs" ta="center" c="dimmed">
          Programs use API keys: see the <Anchor href="/api/docs">API reference</Anchor>.
        </Text>
      </Stack>
    </Center>
  );
}

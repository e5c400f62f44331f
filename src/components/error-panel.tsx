import { Button, Stack, Text, Title } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ApiError, errorMessage } from '../lib/api';
import { useSwitchContext } from '../lib/switch-context';
import { RetryAlert } from './error-alert';
import { contextName } from './owner-context-notice';
import { useOwnerProbe } from './owner-probe';

/** A route's error: the service's message, and a retry that refetches. */
export function ErrorPanel({ error }: ErrorComponentProps) {
  const router = useRouter();
  const boundary = useQueryErrorResetBoundary();
  useEffect(() => boundary.reset(), [boundary]);
  if (error instanceof ApiError && error.status === 404) return <NotFoundPanel />;
  return (
    <RetryAlert
      title="Something went wrong"
      m="md"
      message={errorMessage(error)}
      onRetry={() => void router.invalidate()}
    />
  );
}

export function NotFoundPanel() {
  const probe = useOwnerProbe();
  const switchTo = useSwitchContext();
  const owner = probe?.found;
  if (probe && owner)
    return (
      <Stack align="center" py="xl" gap="xs">
        <Title order={2}>In {contextName(owner)}</Title>
        <Text c="dimmed">
          This {probe.noun} belongs to {contextName(owner)}, a context you act in. Switch to it to
          open the {probe.noun}.
        </Text>
        <Button mt="sm" onClick={() => switchTo(owner.handle)}>
          Switch to {contextName(owner)}
        </Button>
      </Stack>
    );
  return (
    <Stack align="center" py="xl" gap="xs">
      <Title order={2}>Not found</Title>
      <Text c="dimmed">
        This page does not exist, or it belongs to a context you are not acting in.
      </Text>
      <Button component={Link} to="/" variant="light" mt="sm">
        Go to your queries
      </Button>
    </Stack>
  );
}

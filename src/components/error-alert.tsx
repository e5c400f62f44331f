import { Alert, Button, Stack, Text, type AlertProps } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';

/** Something failed: a red alert with a warning sign, announced to screen readers. */
export function ErrorAlert(props: Omit<AlertProps, 'color'>) {
  return <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" {...props} />;
}

/** A read that failed: the service's message and a Try again button. */
export function RetryAlert({
  message,
  onRetry,
  ...props
}: Omit<AlertProps, 'color' | 'children'> & { message: string; onRetry: () => void }) {
  return (
    <ErrorAlert {...props}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </ErrorAlert>
  );
}

/** The service's message for a failed request or action, in a light alert; nothing without one. */
export function ErrorNote(props: { error: unknown; title?: ReactNode }) {
  if (!props.error) return null;
  return (
    <ErrorAlert variant="light" title={props.title} icon={<IconAlertTriangle size={16} />}>
      {errorMessage(props.error)}
    </ErrorAlert>
  );
}

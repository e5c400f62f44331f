import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/** The service's message for a failed request or action, announced to screen readers. */
export function ErrorNote(props: { error: unknown; title?: string }) {
  if (!props.error) return null;
  const message = props.error instanceof Error ? props.error.message : String(props.error);
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={props.title}
      icon={<IconAlertTriangle size={16} />}
    >
      {message}
    </Alert>
  );
}

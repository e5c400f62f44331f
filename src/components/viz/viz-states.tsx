import { Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';

/** A spinner that fills the visualization's box (its space is reserved while data loads). */
export function VizLoading() {
  return (
    <Center h="100%" aria-busy="true" data-testid="viz-loading">
      <Loader size="sm" aria-label="Loading visualization" />
    </Center>
  );
}

/** A short message in the middle of the box (empty results, options to complete, ...). */
export function VizMessage(props: { children: ReactNode; testId?: string }) {
  return (
    <Center h="100%" p="md" data-testid={props.testId ?? 'viz-message'}>
      <Text c="dimmed" size="sm" ta="center">
        {props.children}
      </Text>
    </Center>
  );
}

/** The service's (or the renderer's) error, inside the box. */
export function VizError(props: { error: unknown }) {
  const message = props.error instanceof Error ? props.error.message : String(props.error);
  return (
    <Center h="100%" p="md">
      <Stack gap={4} align="center" role="alert" data-testid="viz-error">
        <IconAlertTriangle size={20} color="var(--mantine-color-red-6)" aria-hidden />
        <Text size="sm" c="red" ta="center" style={{ wordBreak: 'break-word' }}>
          {message}
        </Text>
      </Stack>
    </Center>
  );
}

type BoundaryProps = { children: ReactNode; resetKey: unknown };

/** Keeps a rendering failure inside its visualization's box; a new `resetKey` retries. */
export class VizErrorBoundary extends Component<
  BoundaryProps,
  { error: Error | null; key: unknown }
> {
  override state = { error: null as Error | null, key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: { error: Error | null; key: unknown },
  ) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override render() {
    return this.state.error ? <VizError error={this.state.error} /> : this.props.children;
  }
}

import { Center, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A short note in the middle of a box that has no chart to show (no result yet, a failed run):
 * dimmed, or red and announced (an alert) when it is an error.
 */
export function BoxNote(props: {
  children: ReactNode;
  error?: boolean;
  size?: 'xs' | 'sm';
  maw?: number;
  testId?: string;
}) {
  return (
    <Center h="100%">
      <Text
        size={props.size ?? 'sm'}
        c={props.error ? 'red' : 'dimmed'}
        ta="center"
        role={props.error ? 'alert' : undefined}
        maw={props.maw}
        data-testid={props.testId}
      >
        {props.children}
      </Text>
    </Center>
  );
}

import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's title with a sentence about it, and its main action on the right. */
export function PageHeader(props: { title: string; children: ReactNode; action?: ReactNode }) {
  const heading = (
    <div>
      <Title order={2}>{props.title}</Title>
      <Text size="sm" c="dimmed">
        {props.children}
      </Text>
    </div>
  );
  if (props.action === undefined) return heading;
  return (
    <Group justify="space-between" align="center">
      {heading}
      {props.action}
    </Group>
  );
}

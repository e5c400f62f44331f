import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

const FRAME_PADDING = 10;
export const TITLE_HEIGHT = 22;

/** The bordered box of a widget, in view and in edit mode: its title row above its body. */
export const BOX = {
  withBorder: true,
  radius: 'md',
  p: FRAME_PADDING,
  h: '100%',
  style: { display: 'flex', flexDirection: 'column', gap: 6, overflow: 'hidden' },
} as const;

/**
 * The box of one widget: a bordered card with an optional title row (the title, a muted caption
 * beside it, actions at the end) over its body.
 */
export function WidgetFrame(props: {
  title?: ReactNode;
  /** Beside the title, sharing its row (so the body keeps its size): e.g. a ValuesCaption. */
  caption?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  label: string;
  testId?: string;
  /** The body fills the box exactly (a chart) instead of scrolling (text). */
  fill?: boolean;
}) {
  return (
    <Paper {...BOX} role="region" aria-label={props.label} data-testid={props.testId}>
      {(props.title !== undefined || props.actions) && (
        <Group
          h={TITLE_HEIGHT}
          gap="xs"
          justify="space-between"
          wrap="nowrap"
          style={{ flex: 'none' }}
        >
          {props.caption ? (
            <div style={{ display: 'flex', alignItems: 'baseline', gap: 8, flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end" style={{ minWidth: 0 }}>
                {props.title}
              </Text>
              {props.caption}
            </div>
          ) : (
            <Text size="sm" fw={600} truncate="end" style={{ minWidth: 0 }}>
              {props.title}
            </Text>
          )}
          {props.actions && (
            <Group gap={4} wrap="nowrap">
              {props.actions}
            </Group>
          )}
        </Group>
      )}
      <div
        style={{
          flex: 1,
          minHeight: 0,
          overflow: props.fill ? 'hidden' : 'auto',
          position: 'relative',
        }}
      >
        {props.children}
      </div>
    </Paper>
  );
}

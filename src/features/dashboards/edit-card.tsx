import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './edit-grid.module.css';
import { FRAME_PADDING, TITLE_HEIGHT } from './widget-frame';

/** A widget in edit mode: a drag handle, its title, edit and remove buttons, a summary. */
export function EditCard(props: {
  title: string;
  kind: string;
  onEdit?: () => void;
  onRemove: () => void;
  children?: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p={FRAME_PADDING}
      h="100%"
      style={{ display: 'flex', flexDirection: 'column', gap: 6, overflow: 'hidden' }}
    >
      <Group h={TITLE_HEIGHT} gap={4} wrap="nowrap" style={{ flex: 'none' }}>
        <Tooltip label="Drag to move (or focus and use the arrow keys)" openDelay={500}>
          <span
            className={`${classes.handle} dashboard-drag-handle`}
            aria-label={`Move ${props.title}`}
            role="img"
          >
            <IconGripVertical size={16} />
          </span>
        </Tooltip>
        <Text size="sm" fw={600} truncate="end" style={{ flex: 1, minWidth: 0 }}>
          {props.title}
        </Text>
        <Badge size="xs" variant="light" color="gray" style={{ flex: 'none' }}>
          {props.kind}
        </Badge>
        {props.onEdit && (
          <ActionIcon
            size="sm"
            variant="subtle"
            aria-label={`Edit ${props.title}`}
            onClick={props.onEdit}
          >
            <IconPencil size={14} />
          </ActionIcon>
        )}
        <ActionIcon
          size="sm"
          variant="subtle"
          color="red"
          aria-label={`Remove ${props.title}`}
          onClick={props.onRemove}
        >
          <IconTrash size={14} />
        </ActionIcon>
      </Group>
      <Stack gap={4} style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        {props.children}
      </Stack>
    </Paper>
  );
}

import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconPencil, IconTrash, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './edit-grid.module.css';
import { BOX, TITLE_HEIGHT } from './widget-frame';

/** A widget in edit mode: a drag handle, its title, edit and remove buttons, a summary. */
export function EditCard(props: {
  title: string;
  kind: string;
  onEdit?: () => void;
  onRemove: () => void;
  children?: ReactNode;
}) {
  return (
    <Paper {...BOX}>
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
          <CardAction label={`Edit ${props.title}`} icon={IconPencil} onClick={props.onEdit} />
        )}
        <CardAction
          label={`Remove ${props.title}`}
          icon={IconTrash}
          color="red"
          onClick={props.onRemove}
        />
      </Group>
      <Stack gap={4} style={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** A small icon button of the card's title row. */
function CardAction(props: { label: string; icon: Icon; color?: string; onClick: () => void }) {
  const { icon: Glyph } = props;
  return (
    <ActionIcon
      size="sm"
      variant="subtle"
      color={props.color}
      aria-label={props.label}
      onClick={props.onClick}
    >
      <Glyph size={14} />
    </ActionIcon>
  );
}

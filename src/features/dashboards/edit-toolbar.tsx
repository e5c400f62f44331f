import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconChartBar,
  IconForms,
  IconTextSize,
} from '@tabler/icons-react';

const MOD = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl';

/** The editor's actions: add widgets, undo/redo, cancel and save. */
export function EditToolbar(props: {
  onAddViz: () => void;
  onAddText: () => void;
  onAddParam: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}) {
  return (
    <Group justify="space-between" gap="sm" aria-label="Editing" role="toolbar">
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconChartBar size={14} />}
          onClick={props.onAddViz}
        >
          Add visualization
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconTextSize size={14} />}
          onClick={props.onAddText}
        >
          Add text
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconForms size={14} />}
          onClick={props.onAddParam}
        >
          Add parameter
        </Button>
      </Group>
      <Group gap="xs">
        <Tooltip label={`Undo (${MOD}+Z)`}>
          <ActionIcon
            variant="default"
            aria-label="Undo"
            disabled={!props.canUndo}
            onClick={props.onUndo}
          >
            <IconArrowBackUp size={16} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={`Redo (${MOD}+Shift+Z)`}>
          <ActionIcon
            variant="default"
            aria-label="Redo"
            disabled={!props.canRedo}
            onClick={props.onRedo}
          >
            <IconArrowForwardUp size={16} />
          </ActionIcon>
        </Tooltip>
        <Button size="xs" variant="default" onClick={props.onCancel}>
          Cancel
        </Button>
        <Button size="xs" onClick={props.onSave} loading={props.saving} disabled={!props.dirty}>
          Save
        </Button>
      </Group>
    </Group>
  );
}

import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconChartBar,
  IconForms,
  IconTextSize,
  type Icon,
} from '@tabler/icons-react';
import { ToolButton } from '../../components/tool-button';

const MOD = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform) ? '⌘' : 'Ctrl';

type Props = {
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
};

/** The widgets the editor adds, each with the prop that adds it. */
const ADD: { label: string; icon: Icon; action: 'onAddViz' | 'onAddText' | 'onAddParam' }[] = [
  { label: 'Add visualization', icon: IconChartBar, action: 'onAddViz' },
  { label: 'Add text', icon: IconTextSize, action: 'onAddText' },
  { label: 'Add parameter', icon: IconForms, action: 'onAddParam' },
];

/** The editor's actions: add widgets, undo/redo, cancel and save. */
export function EditToolbar(props: Props) {
  return (
    <Group justify="space-between" gap="sm" aria-label="Editing" role="toolbar">
      <Group gap="xs">
        {ADD.map((a) => (
          <ToolButton key={a.label} variant="light" icon={a.icon} onClick={props[a.action]}>
            {a.label}
          </ToolButton>
        ))}
      </Group>
      <Group gap="xs">
        <HistoryButton
          label="Undo"
          keys={`${MOD}+Z`}
          icon={IconArrowBackUp}
          enabled={props.canUndo}
          onClick={props.onUndo}
        />
        <HistoryButton
          label="Redo"
          keys={`${MOD}+Shift+Z`}
          icon={IconArrowForwardUp}
          enabled={props.canRedo}
          onClick={props.onRedo}
        />
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

/** Undo or Redo, its shortcut in the tooltip. */
function HistoryButton(props: {
  label: string;
  keys: string;
  icon: Icon;
  enabled: boolean;
  onClick: () => void;
}) {
  const { icon: Glyph } = props;
  return (
    <Tooltip label={`${props.label} (${props.keys})`}>
      <ActionIcon
        variant="default"
        aria-label={props.label}
        disabled={!props.enabled}
        onClick={props.onClick}
      >
        <Glyph size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

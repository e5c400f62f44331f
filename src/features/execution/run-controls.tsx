import '@mantine/core/styles/Kbd.css';
import { Button, Group, Kbd, Select, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { TIERS, type Tier } from '../../../contract/rules/enums';
import { TIER_INFO } from '../../lib/tiers';

export type RunControlsProps = {
  tier: Tier;
  onTierChange: (tier: Tier) => void;
  /** "Run", "Run selection", "Run statement": what Ctrl/Cmd+Enter runs now. */
  label: string;
  /** An execution of the page is pending or executing. */
  running: boolean;
  onRun: () => void;
  /** Cancels the running execution; without it no Cancel button is shown here. */
  onCancel?: () => void;
  disabled?: boolean;
};

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/i.test(navigator.userAgent);

const TIER_DATA = TIERS.map((t) => ({ value: t, label: TIER_INFO[t].label }));

/** The Run button (with its shortcut), the tier picker, and Cancel while a run is going. */
export function RunControls(props: RunControlsProps) {
  const { tier, onTierChange, label, running, onRun, onCancel, disabled } = props;
  const mod = isMac() ? '⌘' : 'Ctrl';
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        leftSection={<IconPlayerPlay size={16} />}
        rightSection={
          <Kbd size="xs" aria-hidden>
            {mod} Enter
          </Kbd>
        }
        aria-keyshortcuts={isMac() ? 'Meta+Enter' : 'Control+Enter'}
        onClick={onRun}
        disabled={disabled || running}
      >
        {label}
      </Button>
      {running && onCancel && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconPlayerStop size={16} />}
          onClick={onCancel}
        >
          Cancel run
        </Button>
      )}
      <Select
        aria-label="Tier"
        w={120}
        data={TIER_DATA}
        value={tier}
        allowDeselect={false}
        onChange={(v) => v && onTierChange(v as Tier)}
        comboboxProps={{ width: 280, position: 'bottom-start' }}
        renderOption={({ option }) => (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            <Text size="xs" c="dimmed">
              {TIER_INFO[option.value as Tier].description}
            </Text>
          </Stack>
        )}
      />
    </Group>
  );
}

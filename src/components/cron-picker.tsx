import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { describeCron } from '../../shared/cron/cron-words';
import { CRON_PRESETS, presetOf } from '../../shared/cron/presets';

const CUSTOM = { value: 'custom', label: 'Custom' };

/**
 * When something runs: one of the presets, or a custom five-field cron expression (UTC), with the
 * schedule in words below. The schedules and alerts forms both choose a schedule with it, so the
 * choices and the words are the same wherever an analyst picks one. `error` is the caller's (or
 * the service's) reason for refusing the expression; `children` sit beside the picker.
 */
export function CronPicker(props: {
  cron: string;
  onChange: (cron: string) => void;
  error?: string | null;
  children?: ReactNode;
}) {
  // "Custom" stays chosen while the typed expression happens to equal a preset.
  const [custom, setCustom] = useState(() => presetOf(props.cron) === 'custom');
  const preset = custom ? 'custom' : presetOf(props.cron);
  const words = props.cron.trim() ? describeCron(props.cron) : null;
  return (
    <Stack gap={6}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <Select
          label="Runs"
          w={260}
          data={[...CRON_PRESETS.map((p) => ({ value: p.id, label: p.label })), CUSTOM]}
          value={preset}
          allowDeselect={false}
          onChange={(v) => {
            if (!v) return;
            setCustom(v === 'custom');
            const p = CRON_PRESETS.find((x) => x.id === v);
            if (p) props.onChange(p.cron);
          }}
        />
        {preset === 'custom' && (
          <TextInput
            label="Cron expression (UTC)"
            description="minute hour day-of-month month day-of-week"
            placeholder="30 2 * * 1-5"
            w={260}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            value={props.cron}
            onChange={(e) => props.onChange(e.currentTarget.value)}
            error={props.error}
            spellCheck={false}
          />
        )}
        {props.children}
      </Group>
      {preset !== 'custom' && props.error && (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      )}
      {words && (
        <Text size="sm" c="dimmed" data-testid="cron-words">
          {words}
        </Text>
      )}
    </Stack>
  );
}

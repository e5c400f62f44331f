import { Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { nextRuns } from '../../../shared/cron/cron-rules';
import { describeCron, utcDateTime } from '../../../shared/cron/cron-words';
import { presetOf, PRESETS, type PresetId } from '../../../shared/cron/presets';

/**
 * A schedule: a preset, or a custom five-field cron expression, with its words, the next three
 * runs (UTC) and why it would be refused. `cron` is '' for "no schedule".
 */
export function ScheduleField(props: {
  cron: string;
  onChange: (cron: string) => void;
  /** Why the schedule is refused (checked by the caller, or the service's answer). */
  error: string | null;
}) {
  // "Custom" stays chosen while the typed expression happens to equal a preset.
  const [custom, setCustom] = useState(() => presetOf(props.cron) === 'custom');
  const preset: PresetId = custom ? 'custom' : presetOf(props.cron);
  const words = props.cron.trim() ? describeCron(props.cron) : null;
  const runs = props.error || !props.cron.trim() ? [] : nextRuns(props.cron, 3);
  return (
    <Stack gap={6}>
      <Select
        label="Schedule"
        data={PRESETS.map((p) => ({ value: p.id, label: p.label }))}
        value={preset}
        allowDeselect={false}
        onChange={(id) => {
          const p = PRESETS.find((x) => x.id === id);
          if (!p) return;
          setCustom(p.id === 'custom');
          props.onChange(p.cron ?? (props.cron || '0 6 * * *'));
        }}
      />
      {preset === 'custom' && (
        <TextInput
          label="Cron expression (UTC)"
          description="minute hour day-of-month month day-of-week, e.g. 30 2 * * 1-5; empty for none"
          placeholder="0 6 * * *"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          value={props.cron}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          error={props.error}
          spellCheck={false}
        />
      )}
      {preset !== 'custom' && props.error && (
        <Text size="sm" c="red" role="alert">
          {props.error}
        </Text>
      )}
      {preset === 'none' ? (
        <Text size="sm" c="dimmed">
          Refreshed only when you ask (Refresh now) or by a pipeline.
        </Text>
      ) : (
        <div data-testid="schedule-preview">
          {words && (
            <Text size="sm" fw={500}>
              {words}
            </Text>
          )}
          {runs.length > 0 && (
            <Text size="xs" c="dimmed">
              Next runs: {runs.map(utcDateTime).join(' · ')}
            </Text>
          )}
        </div>
      )}
    </Stack>
  );
}

import { Button, Group, Input, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { Tier } from '../../../contract/rules/enums';
import { CronPicker } from '../../components/cron-picker';
import { ErrorAlert } from '../../components/error-alert';
import type { FormValues as Values, ValueInputs } from '../../lib/parameter-values';

export type { Values };

/** What the form gives: the cron, every value its inputs hold (set or not) and the tier. */
export type NewSchedule = { cron_expression: string; values: Values; performance: Tier };

const TIERS: { value: Tier; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
];

/**
 * A new schedule: when (a preset or a five-field cron in UTC), with what values (the inputs
 * `renderValues` gives: the parameters feature's form, composed by the route) and on which tier.
 * The service checks the cron and the values; its answer is shown as given.
 */
export function ScheduleForm(props: {
  parameterKeys: readonly string[];
  renderValues: ValueInputs['renderValues'];
  /** Whether the values the form holds can be sent (no input flags an error). */
  valuesValid: ValueInputs['valuesValid'];
  defaultTier: Tier;
  onAdd: (s: NewSchedule) => void;
  pending: boolean;
  error: string | null;
  disabledReason: string | null;
}) {
  const [cron, setCron] = useState('0 6 * * *');
  const [values, setValues] = useState<Values>({});
  const [tier, setTier] = useState<Tier>(props.defaultTier);
  const valid = cron.trim() !== '' && props.valuesValid(values);
  return (
    <Stack gap="sm" component="form" aria-label="New schedule" onSubmit={(e) => e.preventDefault()}>
      <Text fw={600}>New schedule</Text>
      <CronPicker cron={cron} onChange={setCron}>
        <Input.Wrapper label="Tier" labelElement="div">
          <SegmentedControl
            aria-label="Tier"
            data={TIERS}
            value={tier}
            onChange={(v) => setTier(v as Tier)}
            display="flex"
          />
        </Input.Wrapper>
      </CronPicker>
      {props.parameterKeys.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Parameter values
          </Text>
          <Text size="xs" c="dimmed">
            A parameter you leave alone runs with its default at the time of each run.
          </Text>
          {props.renderValues(values, setValues)}
        </Stack>
      )}
      {props.error && <ErrorAlert title="Not added">{props.error}</ErrorAlert>}
      <Group justify="flex-end">
        {props.disabledReason && (
          <Text size="sm" c="dimmed">
            {props.disabledReason}
          </Text>
        )}
        <Button
          type="submit"
          leftSection={<IconPlus size={16} />}
          loading={props.pending}
          disabled={!valid || props.disabledReason !== null}
          onClick={() =>
            props.onAdd({
              cron_expression: cron,
              values,
              performance: tier,
            })
          }
        >
          Add schedule
        </Button>
      </Group>
    </Stack>
  );
}

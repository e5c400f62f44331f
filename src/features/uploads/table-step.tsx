import '@mantine/core/styles/Code.css';
import {
  Alert,
  Button,
  Code,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';

import { uploadNameProblem } from '../../../contract/rules/names';
import type { Mode, Plan } from './upload-plan';
import { fullNameSql } from './full-name';
import { ErrorAlert } from '../../components/error-alert';

export type TableSettings = {
  name: string;
  description: string;
  isPrivate: boolean;
  mode: Mode;
};

const MODE_OPTIONS = [
  { value: 'new', label: 'Create a new table' },
  { value: 'append', label: 'Append to a table' },
  { value: 'replace', label: 'Replace a table' },
];

/**
 * Step 3 of the wizard: where the rows go. The name is checked as it is typed (the rule, and
 * whether the context already has a table of that name, which then offers append or replace).
 */
export function TableStep(props: {
  namespace: string;
  settings: TableSettings;
  exists: boolean;
  plan: Plan | null;
  onChange: (settings: TableSettings) => void;
  /** Sets the columns' types to the existing table's (offered when they differ). */
  onUseTableTypes?: () => void;
}) {
  const { settings: s, exists, plan } = props;
  const set = (patch: Partial<TableSettings>) => props.onChange({ ...s, ...patch });
  const ruleError = uploadNameProblem(s.name);
  const creating = s.mode === 'new' || (s.mode === 'replace' && !exists);
  return (
    <Stack gap="md" maw={640}>
      <SegmentedControl
        aria-label="Mode"
        data={MODE_OPTIONS}
        value={s.mode}
        onChange={(v) => set({ mode: v as Mode })}
      />
      <TextInput
        label="Table name"
        description={
          ruleError ? undefined : (
            <>
              Queried as <Code>{fullNameSql(`dune.${props.namespace}.${s.name}`)}</Code>
            </>
          )
        }
        value={s.name}
        error={ruleError}
        onChange={(e) => set({ name: e.currentTarget.value })}
        required
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      {!ruleError && exists && s.mode === 'new' && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} title="This name is taken">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {props.namespace} already has a table named {s.name}. Append these rows to it, replace
              its rows, or choose another name.
            </Text>
            <Group gap="xs">
              <Button size="xs" variant="light" onClick={() => set({ mode: 'append' })}>
                Append to it
              </Button>
              <Button
                size="xs"
                variant="light"
                color="orange"
                onClick={() => set({ mode: 'replace' })}
              >
                Replace it
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {!ruleError && plan && !plan.ok && !(exists && s.mode === 'new') && (
        <ErrorAlert title="Cannot upload like this">
          <Stack gap={4}>
            {plan.problems.map((p) => (
              <Text key={p} size="sm">
                {p}
              </Text>
            ))}
            {s.mode === 'append' && exists && (
              <Group gap="xs" mt={4}>
                <Text size="sm">Change the columns to match the table, or</Text>
                {props.onUseTableTypes && (
                  <Button size="xs" variant="light" onClick={props.onUseTableTypes}>
                    Use the table&apos;s types
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        </ErrorAlert>
      )}
      {plan?.ok && plan.note && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          {plan.note}
        </Alert>
      )}
      {creating && (
        <>
          <Textarea
            label="Description"
            placeholder="What the table holds (optional)"
            value={s.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Switch
            label="Private: only this context can query it"
            checked={s.isPrivate}
            onChange={(e) => set({ isPrivate: e.currentTarget.checked })}
          />
        </>
      )}
    </Stack>
  );
}

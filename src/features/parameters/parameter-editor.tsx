import '@mantine/core/styles/Code.css';
import { Alert, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { Parameter } from '../../../contract/parameters';
import { AddParameterMenu } from './add-parameter-menu';
import { definitionErrors, newParameter } from './definitions';
import { guessParameterType } from './guess-type';
import { ParameterDefinition } from './parameter-definition';
import { missingParameters } from './placeholders';

export type ParameterEditorProps = {
  parameters: readonly Parameter[];
  onChange: (next: Parameter[]) => void;
  /** The SQL as written: its `{{name}}`s are offered as parameters to add. */
  sql: string;
};

/** Errors that keep the definitions from being saved, by key (the page may disable Save). */
export function useDefinitionErrors(parameters: readonly Parameter[], sql: string) {
  return useMemo(() => definitionErrors(parameters, sql), [parameters, sql]);
}

/** Edits the query's parameter definitions and offers to add each `{{name}}` the SQL uses. */
export function ParameterEditor({ parameters, onChange, sql }: ParameterEditorProps) {
  const missing = useMemo(() => missingParameters(sql, parameters), [sql, parameters]);
  const errors = useDefinitionErrors(parameters, sql);
  const addAll = (names: string[]) =>
    onChange([...parameters, ...names.map((n) => newParameter(n, guessParameterType(n, sql)))]);
  return (
    <Stack gap="sm">
      {missing.map((name) => (
        <Alert key={name} color="yellow" variant="light" p="xs">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm">
              <Code>{`{{${name}}}`}</Code> is used in the SQL but not defined
            </Text>
            <AddParameterMenu name={name} sql={sql} onAdd={(p) => onChange([...parameters, p])} />
          </Group>
        </Alert>
      ))}
      {missing.length > 1 && (
        <Group justify="flex-end">
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() => addAll(missing)}
          >
            Add all {missing.length} with suggested types
          </Button>
        </Group>
      )}
      {parameters.length === 0 && missing.length === 0 && (
        <Text size="sm" c="dimmed">
          No parameters. Write <Code>{'{{name}}'}</Code> in the SQL to add one.
        </Text>
      )}
      {parameters.map((p, i) => (
        <ParameterDefinition
          // Keys are unique in a saved query; the index keeps duplicates of a draft apart.
          key={`${i}:${p.key}`}
          parameter={p}
          error={errors[p.key]}
          onChange={(next) => onChange(parameters.map((q, j) => (j === i ? next : q)))}
          onRemove={() => onChange(parameters.filter((_, j) => j !== i))}
        />
      ))}
    </Stack>
  );
}

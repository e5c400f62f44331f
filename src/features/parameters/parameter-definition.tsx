import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import {
  ActionIcon,
  Code,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { Parameter } from '../../../contract/parameters';
import { PARAMETER_TYPES, type ParameterType } from '../../../contract/rules/enums';
import { TYPE_LABELS } from './add-parameter-menu';
import { changeType, setDefault, setMultiselect, setOptionsSource } from './definitions';
import { defaultValue } from './form-values';
import { ParameterInput } from './parameter-input';
import { PARAMETER_LIMITS } from '../../../contract/rules/limits';

const TYPE_OPTIONS = PARAMETER_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

type Props = {
  parameter: Parameter;
  onChange: (next: Parameter) => void;
  onRemove: () => void;
  /** Why the service would refuse this definition, if it would. */
  error?: string;
};

/**
 * The settings of one parameter: type, default, description and, for enums, its options (enums
 * and bytes may take a list).
 */
export function ParameterDefinition({ parameter: p, onChange, onRemove, error }: Props) {
  const isEnum = p.type === 'enum';
  const source = p.enumFromResults ? 'results' : 'list';
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={`Parameter ${p.key}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Code fz="sm">{`{{${p.key}}}`}</Code>
          <Tooltip label="Remove parameter">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove parameter ${p.key}`}
              onClick={onRemove}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Select
            label="Type"
            data={TYPE_OPTIONS}
            value={p.type}
            allowDeselect={false}
            onChange={(t) => t && onChange(changeType(p, t as ParameterType))}
          />
          <ParameterInput
            parameter={p}
            label={p.isMultiselect ? 'Default values' : 'Default'}
            value={defaultValue(p)}
            onChange={(v) => onChange(setDefault(p, v))}
            freeEntry={!!p.enumFromResults}
          />
        </SimpleGrid>
        <TextInput
          label="Description"
          value={p.description ?? ''}
          maxLength={PARAMETER_LIMITS.description}
          onChange={(e) => {
            const { description: _drop, ...rest } = p;
            const text = e.currentTarget.value;
            onChange(text ? { ...rest, description: text } : rest);
          }}
        />
        {isEnum && (
          <Stack gap="xs">
            <SegmentedControl
              aria-label="Options from"
              size="xs"
              value={source}
              onChange={(v) => onChange(setOptionsSource(p, v as 'list' | 'results'))}
              data={[
                { value: 'list', label: 'A list of options' },
                { value: 'results', label: 'Another query’s results' },
              ]}
            />
            {p.enumFromResults ? (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                <NumberInput
                  label="Query id"
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  value={p.enumFromResults.queryId || ''}
                  onChange={(v) =>
                    onChange({
                      ...p,
                      enumFromResults: { ...p.enumFromResults!, queryId: Number(v) || 0 },
                    })
                  }
                />
                <TextInput
                  label="Column"
                  value={p.enumFromResults.columnName}
                  onChange={(e) =>
                    onChange({
                      ...p,
                      enumFromResults: { ...p.enumFromResults!, columnName: e.currentTarget.value },
                    })
                  }
                />
              </SimpleGrid>
            ) : (
              <TagsInput
                label="Options"
                description="Type an option and press Enter"
                value={p.enumOptions ?? []}
                onChange={(enumOptions) => onChange({ ...p, enumOptions })}
                clearable
                acceptValueOnBlur
              />
            )}
            <Group gap="lg">
              <Switch
                label="Multiselect"
                checked={!!p.isMultiselect}
                onChange={(e) => onChange(setMultiselect(p, e.currentTarget.checked))}
              />
              <Switch
                label="Allow values that are not options"
                checked={!!p.isFreeformAllowed}
                onChange={(e) => onChange({ ...p, isFreeformAllowed: e.currentTarget.checked })}
              />
            </Group>
          </Stack>
        )}
        {p.type === 'varbinary' && (
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              Written as bytes: compare it with an address or hash column,{' '}
              <Code>
                {p.isMultiselect
                  ? `WHERE address IN ({{${p.key}}})`
                  : `WHERE address = {{${p.key}}}`}
              </Code>
            </Text>
            <Switch
              label="Multiselect"
              checked={!!p.isMultiselect}
              onChange={(e) => onChange(setMultiselect(p, e.currentTarget.checked))}
            />
          </Group>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { obj } from '../../../shared/viz/read';
import { Section, text, type FormProps } from './form-bits';

type Column = Record<string, unknown> & { name: string };

/** `options.columns` with an entry for every result column (new columns appended). */
function columnList(options: Record<string, unknown>, names: string[]): Column[] {
  const stored = (Array.isArray(options.columns) ? options.columns : [])
    .map(obj)
    .filter((c): c is Column => typeof c.name === 'string' && names.includes(c.name));
  const have = new Set(stored.map((c) => c.name));
  return [...stored, ...names.filter((n) => !have.has(n)).map((name) => ({ name, title: name }))];
}

/** Options of a table: per column title, alignment, hidden, number format, colors, progress bar. */
export function TableForm(props: FormProps) {
  const { options: o, columns, onChange } = props;
  const list = columnList(o, columns.names);
  const set = (name: string, key: string, value: unknown) =>
    onChange({
      ...o,
      columns: list.map((c) => (c.name === name ? { ...c, [key]: value } : c)),
    });
  return (
    <Section legend="Columns">
      {list.map((c) => (
        <div key={c.name} data-testid={`table-column-${c.name}`}>
          <Text size="sm" fw={600}>
            {c.name}
          </Text>
          <Group gap="xs" grow align="flex-end">
            <TextInput
              size="xs"
              label={`Title of ${c.name}`}
              value={text(c.title)}
              onChange={(e) => set(c.name, 'title', e.currentTarget.value)}
            />
            <TextInput
              size="xs"
              label={`Number format of ${c.name}`}
              placeholder="0,0.00"
              value={text(c.numberFormat)}
              onChange={(e) => set(c.name, 'numberFormat', e.currentTarget.value || undefined)}
            />
          </Group>
          <SegmentedControl
            mt={4}
            size="xs"
            aria-label={`Alignment of ${c.name}`}
            value={typeof c.alignContent === 'string' ? c.alignContent : 'auto'}
            data={['auto', 'left', 'center', 'right']}
            onChange={(v) => set(c.name, 'alignContent', v === 'auto' ? undefined : v)}
          />
          <Group gap="sm" mt={6}>
            <Checkbox
              size="xs"
              label="Hidden"
              aria-label={`Hide ${c.name}`}
              checked={c.isHidden === true}
              onChange={(e) => set(c.name, 'isHidden', e.currentTarget.checked)}
            />
            <Checkbox
              size="xs"
              label="Color +/−"
              aria-label={`Color ${c.name}`}
              checked={c.coloredPositiveValues === true}
              onChange={(e) =>
                onChange({
                  ...o,
                  columns: list.map((x) =>
                    x.name === c.name
                      ? {
                          ...x,
                          coloredPositiveValues: e.currentTarget.checked,
                          coloredNegativeValues: e.currentTarget.checked,
                        }
                      : x,
                  ),
                })
              }
            />
            <Checkbox
              size="xs"
              label="Progress bar"
              aria-label={`Progress bar for ${c.name}`}
              checked={c.type === 'progressbar'}
              onChange={(e) =>
                set(c.name, 'type', e.currentTarget.checked ? 'progressbar' : 'normal')
              }
            />
          </Group>
        </div>
      ))}
    </Section>
  );
}

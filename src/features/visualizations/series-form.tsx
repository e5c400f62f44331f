import '@mantine/core/styles/ColorInput.css';
import '@mantine/core/styles/ColorPicker.css';
import '@mantine/core/styles/ColorSwatch.css';
import { ColorInput, Group, SegmentedControl, Select, Text, TextInput } from '@mantine/core';
import { isCssColor } from '../../../contract/rules/css-color';
import { obj, type Obj } from '../../../shared/viz/read';
import { setIn } from './editor-model';
import { orUnset, Section, text } from './form-bits';

/** The field's short form of the color rule (contract/rules/css-color.ts). */
const NOT_A_COLOR = 'Not a color: #1f77b4, rgb(), hsl() or a name';

const TYPES = [
  { value: 'column', label: 'Bar' },
  { value: 'line', label: 'Line' },
  { value: 'area', label: 'Area' },
  { value: 'scatter', label: 'Scatter' },
];

/**
 * Per-series options (`seriesOptions[key]`, the key being the y column, or the group-by value):
 * name and color; type and axis on mixed charts.
 */
export function SeriesForm(props: {
  options: Obj;
  keys: string[];
  mixed: boolean;
  onChange: (o: Obj) => void;
}) {
  const { options: o, onChange } = props;
  const series = obj(o.seriesOptions);
  const set = (col: string, key: string, value: unknown) =>
    onChange(setIn(o, ['seriesOptions', col, key], value));
  const global = typeof o.globalSeriesType === 'string' ? o.globalSeriesType : 'column';
  return (
    <Section legend="Series">
      {props.keys.map((col) => {
        const s = obj(series[col]);
        return (
          <div key={col} data-testid={`series-${col}`}>
            <Text size="sm" fw={600} mb={4}>
              {col}
            </Text>
            <Group gap="xs" grow align="flex-start">
              <TextInput
                label={`Name of ${col}`}
                size="xs"
                placeholder={col}
                value={text(s.name)}
                onChange={(e) => set(col, 'name', orUnset(e.currentTarget.value))}
              />
              <ColorInput
                label={`Color of ${col}`}
                size="xs"
                placeholder="Theme"
                value={text(s.color)}
                // The service refuses other colors on save; the preview ignores them.
                error={text(s.color) && !isCssColor(s.color) ? NOT_A_COLOR : undefined}
                onChange={(v) => set(col, 'color', orUnset(v))}
              />
            </Group>
            {props.mixed && (
              <Group gap="xs" grow align="flex-end" mt={4}>
                <Select
                  label={`Type of ${col}`}
                  size="xs"
                  data={TYPES}
                  value={typeof s.type === 'string' ? s.type : global}
                  onChange={(v) => set(col, 'type', v ?? undefined)}
                  allowDeselect={false}
                />
                <SegmentedControl
                  aria-label={`Axis of ${col}`}
                  size="xs"
                  value={s.yAxis === 1 ? '1' : '0'}
                  data={[
                    { value: '0', label: 'Left' },
                    { value: '1', label: 'Right' },
                  ]}
                  onChange={(v) => set(col, 'yAxis', Number(v))}
                />
              </Group>
            )}
          </div>
        );
      })}
    </Section>
  );
}

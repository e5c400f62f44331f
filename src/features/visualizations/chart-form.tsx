import { MultiSelect, SegmentedControl, Select, Switch, Text, TextInput } from '@mantine/core';
import { obj } from '../../../shared/viz/read';
import { effectiveSortX, mapColumns, mapped, setIn } from './editor-model';
import { orUnset, Section, text, type FormProps } from './form-bits';
import { SeriesForm } from './series-form';

type Stacking = 'none' | 'stack' | 'percent';

function stackingOf(series: Record<string, unknown>): Stacking {
  if (series.percentValues === true) return 'percent';
  return series.stacking === 'stack' || series.stacking === 'normal' ? 'stack' : 'none';
}

/** Options of a chart: columns, stacking, axes, legend, labels, number formats, series. */
export function ChartForm(
  props: FormProps & {
    pie: boolean;
    mixed: boolean;
    /** Series keys of the group-by column's values in the result (when a group-by is set). */
    groupKeys: string[];
  },
) {
  const { options: o, columns, onChange } = props;
  const x = mapped(o, 'x')[0] ?? null;
  const ys = mapped(o, 'y');
  const group = mapped(o, 'series')[0] ?? null;
  const set = (path: (string | number)[], value: unknown) => onChange(setIn(o, path, value));
  const yAxes = Array.isArray(o.yAxis) ? o.yAxis : [];
  const usesRight = Object.values(obj(o.seriesOptions)).some((s) => obj(s).yAxis === 1);
  return (
    <>
      <Section legend="Columns">
        <Select
          label={props.pie ? 'Label column (x)' : 'X column'}
          data={columns.names}
          value={x}
          onChange={(v) => onChange(mapColumns(o, 'x', v))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <MultiSelect
          label={props.pie ? 'Value column (y)' : 'Y columns'}
          data={columns.names.filter((n) => n !== x && n !== group)}
          value={ys}
          onChange={(v) => onChange(mapColumns(o, 'y', v))}
          maxValues={props.pie ? 1 : undefined}
          // Searchable, with a placeholder: beside the chips stays a real text field to click
          // (or type in), not the 1 px hidden input of a plain MultiSelect.
          searchable
          placeholder={ys.length > 0 ? 'Add a column' : 'Pick columns'}
          nothingFoundMessage="No other column"
          comboboxProps={{ withinPortal: true }}
        />
        {!props.pie && (
          <Select
            label="Group by"
            description="One series per value of this column"
            data={columns.names.filter((n) => n !== x && !ys.includes(n))}
            value={group}
            onChange={(v) => onChange(mapColumns(o, 'series', v))}
            clearable
            placeholder="None"
          />
        )}
        <Switch
          label="Sort x values"
          description={
            typeof o.sortX === 'boolean'
              ? 'Off keeps the result’s order'
              : 'Automatic: dates and numbers sorted, categories in the result’s order'
          }
          checked={effectiveSortX(o, columns)}
          onChange={(e) => set(['sortX'], e.currentTarget.checked)}
        />
      </Section>
      {!props.pie && (
        <Section legend="Axes">
          <div>
            <Text size="sm" fw={500} mb={4} id="viz-stacking">
              Stacking
            </Text>
            <SegmentedControl
              aria-labelledby="viz-stacking"
              size="xs"
              value={stackingOf(obj(o.series))}
              data={[
                { value: 'none', label: 'None' },
                { value: 'stack', label: 'Stack' },
                { value: 'percent', label: '100%' },
              ]}
              onChange={(v) =>
                set(['series'], {
                  ...obj(o.series),
                  stacking: v === 'none' ? null : 'stack',
                  percentValues: v === 'percent',
                })
              }
            />
          </div>
          <TextInput
            label="X axis title"
            value={text(obj(obj(o.xAxis).title).text)}
            onChange={(e) => set(['xAxis', 'title', 'text'], orUnset(e.currentTarget.value))}
          />
          <TextInput
            label="Y axis title"
            value={text(obj(obj(yAxes[0]).title).text)}
            onChange={(e) => set(['yAxis', 0, 'title', 'text'], orUnset(e.currentTarget.value))}
          />
          <Switch
            label="Logarithmic y axis"
            checked={obj(yAxes[0]).type === 'logarithmic'}
            onChange={(e) =>
              set(['yAxis', 0, 'type'], e.currentTarget.checked ? 'logarithmic' : 'linear')
            }
          />
          {usesRight && (
            <TextInput
              label="Right y axis title"
              value={text(obj(obj(yAxes[1]).title).text)}
              onChange={(e) => set(['yAxis', 1, 'title', 'text'], orUnset(e.currentTarget.value))}
            />
          )}
        </Section>
      )}
      <Section legend="Display">
        <Switch
          label="Show legend"
          checked={obj(o.legend).enabled !== false}
          onChange={(e) => set(['legend', 'enabled'], e.currentTarget.checked)}
        />
        <Switch
          label="Show data labels"
          checked={o.showDataLabels === true}
          onChange={(e) => set(['showDataLabels'], e.currentTarget.checked)}
        />
        <TextInput
          label="Number format"
          description="Numeral.js, e.g. 0,0.00 · $0.0a · 0.00%"
          placeholder="0,0.[00]"
          value={text(o.numberFormat)}
          onChange={(e) => set(['numberFormat'], orUnset(e.currentTarget.value))}
        />
        {usesRight && (
          <TextInput
            label="Right axis number format"
            value={text(o.numberFormatRightYAxisSeries)}
            onChange={(e) => set(['numberFormatRightYAxisSeries'], orUnset(e.currentTarget.value))}
          />
        )}
      </Section>
      {!props.pie && ys.length > 0 && (!group || props.groupKeys.length > 0) && (
        <SeriesForm
          options={o}
          keys={group ? props.groupKeys : ys}
          mixed={props.mixed}
          onChange={onChange}
        />
      )}
    </>
  );
}

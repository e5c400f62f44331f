import '@mantine/core/styles/NumberInput.css';
import { NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { orUnset, Section, text, type FormProps } from './form-bits';

/** Options of a counter: its column and row, prefix, suffix, decimals, label, colors. */
export function CounterForm(props: FormProps) {
  const { options: o, columns, onChange } = props;
  const set = (key: string, value: unknown) => {
    const next = { ...o };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  return (
    <>
      <Section legend="Value">
        <Select
          label="Counter column"
          data={columns.names}
          value={typeof o.counterColName === 'string' ? o.counterColName : null}
          onChange={(v) => set('counterColName', v ?? undefined)}
          allowDeselect={false}
        />
        <NumberInput
          label="Row number"
          description="1 is the first row"
          min={1}
          allowDecimal={false}
          value={typeof o.rowNumber === 'number' ? o.rowNumber : 1}
          onChange={(v) => set('rowNumber', typeof v === 'number' && v >= 1 ? v : 1)}
        />
        <TextInput
          label="Label"
          value={text(o.counterLabel)}
          onChange={(e) => set('counterLabel', orUnset(e.currentTarget.value))}
        />
      </Section>
      <Section legend="Format">
        <TextInput
          label="Prefix"
          value={text(o.stringPrefix)}
          onChange={(e) => set('stringPrefix', orUnset(e.currentTarget.value))}
        />
        <TextInput
          label="Suffix"
          value={text(o.stringSuffix)}
          onChange={(e) => set('stringSuffix', orUnset(e.currentTarget.value))}
        />
        <NumberInput
          label="Decimals"
          min={0}
          max={20}
          allowDecimal={false}
          value={typeof o.stringDecimal === 'number' ? o.stringDecimal : ''}
          onChange={(v) => set('stringDecimal', typeof v === 'number' ? v : undefined)}
        />
        <Switch
          label="Color positive values"
          checked={o.coloredPositiveValues === true}
          onChange={(e) => set('coloredPositiveValues', e.currentTarget.checked)}
        />
        <Switch
          label="Color negative values"
          checked={o.coloredNegativeValues === true}
          onChange={(e) => set('coloredNegativeValues', e.currentTarget.checked)}
        />
      </Section>
    </>
  );
}

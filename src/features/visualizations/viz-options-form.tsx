import { Stack } from '@mantine/core';
import type { Obj } from '../../../shared/viz/read';
import { ChartForm } from './chart-form';
import { CounterForm } from './counter-form';
import type { Columns, Draft, Kind } from './editor-model';
import { TableForm } from './table-form';

/** The options form of the draft's kind. */
export function VizOptionsForm(props: {
  draft: Draft;
  kind: Kind;
  columns: Columns;
  /** Series keys a group-by makes over the result (empty without a group-by). */
  groupKeys: string[];
  onChange: (options: Obj) => void;
}) {
  const common = { options: props.draft.options, columns: props.columns, onChange: props.onChange };
  return (
    <Stack gap="sm" data-testid="viz-options">
      {props.kind === 'table' ? (
        <TableForm {...common} />
      ) : props.kind === 'counter' ? (
        <CounterForm {...common} />
      ) : (
        <ChartForm
          {...common}
          pie={props.kind === 'pie' || props.kind === 'donut'}
          mixed={props.kind === 'mixed'}
          groupKeys={props.groupKeys}
        />
      )}
    </Stack>
  );
}

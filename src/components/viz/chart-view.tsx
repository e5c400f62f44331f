import { Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useMemo } from 'react';
import { EChart } from '../echart';
import { DEFAULT_CHART_SIZE } from '../../../shared/viz/category-labels';
import { xScaleOf } from '../../../shared/viz/chart-data';
import { chartOption } from '../../../shared/viz/chart-option';
import { chartProblem, readChartSpec } from '../../../shared/viz/chart-spec';
import type { Obj } from '../../../shared/viz/read';
import { useChartRows, type ResultHead, type VizSource } from './use-viz-data';
import { VizError, VizLoading, VizMessage } from './viz-states';

/** What a chart shows, in words (its accessible name; the canvas itself says nothing). */
function chartLabel(name: string, options: Obj): string {
  const spec = readChartSpec(options);
  const kind = spec.kind === 'pie' && spec.pieHole > 0 ? 'donut' : spec.kind;
  return `${name}: ${kind} chart of ${spec.ys.join(', ')} by ${spec.x ?? ''}`;
}

/** A chart visualization: loads the columns it draws, then one ECharts canvas. */
export function ChartView(props: {
  options: Obj;
  name: string;
  source: VizSource;
  head: ResultHead;
  colorScheme: 'light' | 'dark';
}) {
  const { options, head } = props;
  const spec = readChartSpec(options);
  const problem = chartProblem(spec, head.columns);
  const columns = problem ? [] : [spec.x!, ...spec.ys, ...(spec.groupBy ? [spec.groupBy] : [])];
  const rows = useChartRows(props.source, problem ? null : head, columns);
  // The box's size (in steps of 16 px, so a drag does not rebuild the option at every pixel)
  // decides how category labels fit; other charts' options do not depend on it.
  const { ref: boxRef, width: boxWidth, height: boxHeight } = useElementSize();
  const sized =
    spec.kind !== 'pie' &&
    xScaleOf(spec, { columns: head.columns, types: head.types, rows: [] }) === 'category';
  const step = (v: number) => Math.round(v / 16) * 16;
  const width = sized && boxWidth > 0 ? step(boxWidth) : DEFAULT_CHART_SIZE.width;
  const height = sized && boxHeight > 0 ? step(boxHeight) : DEFAULT_CHART_SIZE.height;
  const option = useMemo(
    () =>
      rows.data
        ? chartOption(
            options,
            { columns: head.columns, types: head.types, rows: rows.data.rows },
            props.colorScheme,
            { width, height },
          )
        : null,
    [options, head, rows.data, props.colorScheme, width, height],
  );
  if (problem) return <VizMessage>{problem}</VizMessage>;
  if (head.total === 0) return <VizMessage testId="viz-empty">The result has no rows.</VizMessage>;
  if (rows.error) return <VizError error={rows.error} />;
  if (!option || !rows.data) return <VizLoading />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <div ref={boxRef} style={{ flex: 1, minHeight: 0 }}>
        <EChart
          option={option}
          colorScheme={props.colorScheme}
          height="100%"
          label={chartLabel(props.name, options)}
          testId="viz-chart"
        />
      </div>
      {rows.data.sampled && (
        <Text size="xs" c="dimmed" ta="center" data-testid="viz-sampled">
          Sampled {rows.data.rows.length.toLocaleString('en-US')} of{' '}
          {rows.data.total.toLocaleString('en-US')} rows
        </Text>
      )}
    </div>
  );
}

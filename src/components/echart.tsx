import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import type {
  BarSeriesOption,
  LineSeriesOption,
  PieSeriesOption,
  ScatterSeriesOption,
} from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import type {
  DataZoomComponentOption,
  GridComponentOption,
  LegendComponentOption,
  TooltipComponentOption,
} from 'echarts/components';
import { init, use as registerParts, type ComposeOption, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the pieces the app's charts use, so the chunk stays small. Add a piece here when a chart
// needs it (and its option type to EChartsOption).
registerParts([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type EChartsOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | ScatterSeriesOption
  | DataZoomComponentOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

const themeName = (scheme: 'light' | 'dark') => (scheme === 'dark' ? 'dark' : 'default');

/**
 * The one ECharts wrapper: initialises once, applies `option` when it changes, follows the color
 * scheme (ECharts' dark theme on a transparent background), resizes with its box and disposes on
 * unmount. `data-painted="true"` is set when a render has finished, so tests can wait for it.
 */
export function EChart(props: {
  option: EChartsOption;
  colorScheme: 'light' | 'dark';
  height?: number | string;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  testId?: string;
}) {
  const { option, colorScheme } = props;
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const theme = useRef(themeName(colorScheme));

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, theme.current);
    chart.current = instance;
    instance.on('finished', () => el.setAttribute('data-painted', 'true'));
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
      el.removeAttribute('data-painted');
    };
  }, []);

  useEffect(() => {
    const next = themeName(colorScheme);
    if (!chart.current || next === theme.current) return;
    theme.current = next;
    box.current?.removeAttribute('data-painted');
    chart.current.setTheme(next);
  }, [colorScheme]);

  useEffect(() => {
    if (!chart.current) return;
    box.current?.removeAttribute('data-painted');
    chart.current.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
  }, [option]);

  return (
    <div
      ref={box}
      role="img"
      aria-label={props.label}
      data-testid={props.testId}
      data-color-scheme={colorScheme}
      style={{ width: '100%', height: props.height ?? 320 }}
    />
  );
}

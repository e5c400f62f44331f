import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  TooltipComponent,
} from 'echarts/components';
import { init, use as registerParts, type EChartsType } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import type { EChartsOption } from '../../shared/viz/echarts-option';

export type { EChartsOption } from '../../shared/viz/echarts-option';

// Only the pieces the app's charts use, so the chunk stays small. Add a piece here when a chart
// needs it (and its option type to EChartsOption in shared/viz/echarts-option.ts, and the piece
// to the server's renderer, server/render/echarts-ssr.ts).
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

const themeName = (scheme: 'light' | 'dark') => (scheme === 'dark' ? 'dark' : 'default');

/**
 * The one ECharts wrapper: initialises once per color scheme (ECharts' dark theme on a
 * transparent background), applies `option` when it changes, resizes with its box and disposes
 * on unmount. A change of scheme starts a new instance with the current option: ECharts'
 * `setTheme` on a drawn chart could leave its axes laid out for the old option (rotated labels
 * clipped, bars past their axis). `data-painted="true"` is set when a render has finished, so
 * tests can wait for it.
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
  /** The option as last given, for an instance started after it; and the one last applied. */
  const latest = useRef(option);
  const applied = useRef<EChartsOption | null>(null);
  const theme = themeName(colorScheme);

  useEffect(() => {
    latest.current = option;
  }, [option]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const instance = init(el, theme);
    chart.current = instance;
    instance.on('finished', () => el.setAttribute('data-painted', 'true'));
    instance.setOption({ backgroundColor: 'transparent', ...latest.current }, { notMerge: true });
    applied.current = latest.current;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
      applied.current = null;
      el.removeAttribute('data-painted');
    };
  }, [theme]);

  useEffect(() => {
    if (!chart.current || applied.current === option) return;
    box.current?.removeAttribute('data-painted');
    chart.current.setOption({ backgroundColor: 'transparent', ...option }, { notMerge: true });
    applied.current = option;
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

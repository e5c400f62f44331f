import { useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import { EChart } from '../../components/echart';
import type { BillingPeriod } from './api';
import { usageChartLabel, usageChartOption } from './chart-option';

/** Credits used against included per billing period; follows the app's color scheme. */
export function CreditsChart(props: { periods: BillingPeriod[] }) {
  const scheme = useComputedColorScheme('light');
  const option = useMemo(() => usageChartOption(props.periods), [props.periods]);
  return (
    <EChart
      option={option}
      colorScheme={scheme}
      height={320}
      label={usageChartLabel(props.periods)}
      testId="credits-chart"
    />
  );
}

import { Stack, Text } from '@mantine/core';
import { counterModel, readCounterSpec, type Tone } from '../../../shared/viz/counter';
import type { Obj } from '../../../shared/viz/read';
import { useCounterValues, type VizSource } from './use-viz-data';
import { VizError, VizLoading, VizMessage } from './viz-states';

const TONE_COLOR: Record<Tone, string | undefined> = {
  positive: 'teal.7',
  negative: 'red.7',
  neutral: undefined,
};

/**
 * The value's size: as large as 3rem, and small enough for the whole number to fit the widget's
 * width on one line (a bold digit is about 0.6em wide; `cqi` is a hundredth of the width); it
 * breaks only when even 1rem is too wide.
 */
const valueFontSize = (text: string) =>
  `clamp(1rem, calc(150cqi / ${Math.max(text.length, 4)}), 3rem)`;

/** A counter: one value of the result (its column at a 1-based row), big, with its label. */
export function CounterView(props: { options: Obj; name: string; source: VizSource }) {
  const spec = readCounterSpec(props.options);
  const data = useCounterValues(props.source, spec);
  if (!spec.column) return <VizMessage>Choose the counter&apos;s column.</VizMessage>;
  if (data.error) return <VizError error={data.error} />;
  if (!data.loaded) return <VizLoading />;
  if (data.missingRow) return <VizMessage>The result has no row {spec.row}.</VizMessage>;
  const model = counterModel(props.options, data.value, data.target, props.name);
  return (
    <Stack
      h="100%"
      justify="center"
      align="center"
      gap={4}
      p="sm"
      data-testid="viz-counter"
      style={{ containerType: 'inline-size' }}
    >
      <Text
        fw={700}
        fz={valueFontSize(model.text)}
        lh={1.1}
        c={TONE_COLOR[model.tone]}
        data-testid="counter-value"
        data-tone={model.tone}
        style={{ fontVariantNumeric: 'tabular-nums', wordBreak: 'break-all', textAlign: 'center' }}
      >
        {model.text}
      </Text>
      {model.target && (
        <Text size="sm" c="dimmed" data-testid="counter-target">
          Target {model.target.text}{' '}
          {model.target.delta && (
            <Text span c={TONE_COLOR[model.target.tone]} fw={600}>
              {model.target.delta}
            </Text>
          )}
        </Text>
      )}
      {model.label && (
        <Text size="sm" c="dimmed" ta="center">
          {model.label}
        </Text>
      )}
    </Stack>
  );
}

import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Parameter } from '../../../contract/parameters';
import { CenteredLoader } from '../../components/page-loader';
import type { FormValues, ValueInputs } from '../../lib/parameter-values';
import { alertQueryParametersOptions } from './api';

/** The value inputs for a query's parameters: the parameters feature's, handed in by the route. */
export type InputsFor = (parameters: readonly Parameter[]) => ValueInputs;

/** The query an alert watches; `parameters` when the page knows them (else they are read). */
export type AlertQueryRef = { id: number; name: string; parameters?: readonly Parameter[] };

/**
 * The parameter definitions of the alert's query: those given, or read through React Query (the
 * alerts page knows only the query's id).
 */
export function useAlertParameters(ctx: string, query: AlertQueryRef) {
  const read = useQuery({
    ...alertQueryParametersOptions(ctx, query.id),
    enabled: !query.parameters,
  });
  return { parameters: query.parameters ?? read.data, pending: read.isLoading, error: read.error };
}

/**
 * The values the alert runs its query with: an input per parameter of the query (one left alone
 * runs with its default at each run).
 */
export function AlertValues(props: {
  state: ReturnType<typeof useAlertParameters>;
  inputs: ValueInputs | null;
  values: FormValues;
  onChange: (values: FormValues) => void;
}) {
  const { state, inputs } = props;
  if (state.pending) return <CenteredLoader h={60} label="Loading the query's parameters" />;
  if (!state.parameters)
    return (
      <Text size="sm" c="dimmed">
        The query&apos;s parameters could not be read
        {state.error ? ` (${state.error.message})` : ''}; the alert keeps its values.
      </Text>
    );
  if (!state.parameters.length || !inputs) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Parameter values
      </Text>
      <Text size="xs" c="dimmed">
        The values each run of the alert uses; a parameter you leave alone runs with its default.
      </Text>
      {inputs.renderValues(props.values, props.onChange)}
    </Stack>
  );
}

import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Parameter } from '../../../contract/parameters';
import { enumOptionsFromResults, type EnumSource } from './api';
import { defaultValue, effectiveValue, type FormValue, type FormValues } from './form-values';
import { ParameterInput } from './parameter-input';
import { formErrors } from './validate-value';

export type ParametersFormProps = {
  parameters: readonly Parameter[];
  /** Chosen values by key (from the URL); a parameter without one shows its default. */
  values: Readonly<FormValues>;
  onChange: (values: FormValues) => void;
  /** Context the options of enums from other queries' results are read in. */
  ctx: string;
  /**
   * A parameter without a chosen value shows its default as a placeholder, not as a value, and
   * clearing a value goes back to it: a schedule's form, where "left alone" means "the default
   * at each run".
   */
  defaultsAsPlaceholders?: boolean;
};

/** "default: ethereum", what an input left alone runs with. */
export function defaultPlaceholder(p: Parameter): string {
  const d = defaultValue(p);
  const text = Array.isArray(d) ? d.join(', ') : d;
  return text === '' ? 'no default' : `default: ${text}`;
}

/** Errors of the form by parameter key; the page disables Run while any is left. */
export function useParameterErrors(parameters: readonly Parameter[], values: Readonly<FormValues>) {
  return useMemo(() => formErrors(parameters, values), [parameters, values]);
}

/** One widget per parameter, above the results; invalid values are flagged as they are set. */
export function ParametersForm({
  parameters,
  values,
  onChange,
  ctx,
  defaultsAsPlaceholders,
}: ParametersFormProps) {
  const errors = useParameterErrors(parameters, values);
  if (parameters.length === 0) return null;
  return (
    <Group role="group" aria-label="Parameters" align="flex-start" gap="sm" wrap="wrap">
      {parameters.map((p) => {
        const chosen = Object.hasOwn(values, p.key);
        const field = defaultsAsPlaceholders
          ? {
              parameter: p,
              value: chosen ? effectiveValue(p, values) : p.isMultiselect ? [] : '',
              placeholder: defaultPlaceholder(p),
              onChange: (v: FormValue) => {
                const { [p.key]: _, ...rest } = values;
                onChange(v.length === 0 ? rest : { ...values, [p.key]: v });
              },
              error: errors[p.key],
            }
          : {
              parameter: p,
              value: effectiveValue(p, values),
              onChange: (v: FormValue) => onChange({ ...values, [p.key]: v }),
              error: errors[p.key],
            };
        return p.type === 'enum' && p.enumFromResults ? (
          <ResultOptionsField key={p.key} {...field} ctx={ctx} source={p.enumFromResults} />
        ) : (
          <ParameterField key={p.key} {...field} />
        );
      })}
    </Group>
  );
}

type FieldProps = {
  parameter: Parameter;
  value: FormValue;
  onChange: (v: FormValue) => void;
  error: string | undefined;
  placeholder?: string;
};

/** Wide enough for its value: a whole address (42 characters) shows in a bytes field. */
const width = (p: Parameter) =>
  p.type === 'varbinary' ? 400 : p.isMultiselect ? 320 : p.type === 'datetime' ? 230 : 220;

function ParameterField({ parameter: p, ...rest }: FieldProps) {
  return (
    <ParameterInput
      parameter={p}
      {...rest}
      label={p.key}
      description={p.description}
      w={width(p)}
    />
  );
}

/** An enum whose options are another query's result column, read through React Query. */
function ResultOptionsField(props: FieldProps & { ctx: string; source: EnumSource }) {
  const { parameter: p, ctx, source, ...rest } = props;
  const options = useQuery(enumOptionsFromResults(ctx, source));
  const note = options.isPending
    ? 'Loading options…'
    : options.isError
      ? `Could not load the options: ${options.error.message}`
      : options.data === null
        ? `Query ${source.queryId} has no result yet: type a value`
        : undefined;
  return (
    <ParameterInput
      parameter={p}
      {...rest}
      options={options.data ?? []}
      freeEntry={!options.isPending && !options.data?.length}
      label={p.key}
      description={[p.description, note].filter(Boolean).join(' · ') || undefined}
      w={width(p)}
    />
  );
}

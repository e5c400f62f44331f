import '@mantine/core/styles/SegmentedControl.css';
import {
  Alert as Callout,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { AlertCreateBody } from '../../../contract/alerts';
import { ALERT_OPERATORS, DEFAULT_TIER, isTier, TIERS } from '../../../contract/rules/enums';
import { ALERT_LIMITS } from '../../../contract/rules/limits';
import { FormActions } from '../../components/form-actions';
import { chosenValues, formValuesOf } from '../../lib/parameter-values';
import { TIER_INFO } from '../../lib/tiers';
import { useCreateAlert, useUpdateAlert, type Alert } from './api';
import {
  AlertValues,
  useAlertParameters,
  type AlertQueryRef,
  type InputsFor,
} from './alert-values';

const OPERATOR_LABEL: Record<string, string> = {
  any_rows: 'the result has rows',
  no_rows: 'the result has no rows',
  '>': 'a column is greater than',
  '>=': 'a column is at least',
  '<': 'a column is less than',
  '<=': 'a column is at most',
  '=': 'a column equals',
  '!=': 'a column differs from',
};

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

/** A number when the text is one (numbers compare as numbers), else the text. */
const valueOf = (text: string): number | string => {
  const t = text.trim();
  return t !== '' && Number.isFinite(Number(t)) ? Number(t) : text;
};

/** The fields an alert is made of, as the form holds them. */
function initial(alert: Alert | null) {
  const c = alert?.condition;
  return {
    name: alert?.name ?? '',
    op: c?.op ?? '>',
    column: c?.column ?? '',
    value: c?.value === undefined ? '' : String(c.value),
    cron: alert?.cron_expression ?? '0 * * * *',
    notify: alert?.notify ?? 'on_change',
    tier: isTier(alert?.performance) ? alert.performance : DEFAULT_TIER,
    webhooks: (alert?.destinations ?? []).flatMap((d) => (d.type === 'webhook' ? [d.url] : [])),
    emails: (alert?.destinations ?? []).flatMap((d) => (d.type === 'email' ? [d.to] : [])),
    paused: alert?.is_paused ?? false,
    values: formValuesOf(alert?.query_parameters ?? {}),
  };
}

/**
 * Create or edit an alert on a query: name, condition, parameter values (the inputs `inputsFor`
 * gives: the parameters feature's, composed by the route), schedule (cron, UTC), notification
 * rule, tier and destinations (webhook URLs and email addresses, one a line). The service checks
 * everything; its answer shows here.
 */
export function AlertForm(props: {
  ctx: string;
  query: AlertQueryRef;
  inputsFor?: InputsFor;
  alert: Alert | null;
  onCancel: () => void;
  onSaved: (alert: Alert) => void;
}) {
  const start = initial(props.alert);
  const [f, setF] = useState({
    ...start,
    webhooks: start.webhooks.join('\n'),
    emails: start.emails.join('\n'),
  });
  const create = useCreateAlert(props.ctx);
  const update = useUpdateAlert(props.ctx);
  const mutation = props.alert ? update : create;
  const set = (patch: Partial<typeof f>) => {
    setF({ ...f, ...patch });
    if (mutation.isError) mutation.reset();
  };
  const defs = useAlertParameters(props.ctx, props.query);
  const inputs = defs.parameters && props.inputsFor ? props.inputsFor(defs.parameters) : null;
  const comparison = f.op !== 'any_rows' && f.op !== 'no_rows';
  const problem = !f.name.trim()
    ? 'Give the alert a name'
    : comparison && (!f.column.trim() || f.value.trim() === '')
      ? 'Name the column and the value to compare with'
      : defs.pending || (inputs && !inputs.valuesValid(f.values))
        ? 'Fix the parameter values'
        : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (problem) return;
    const body: AlertCreateBody = {
      name: f.name.trim(),
      query_id: props.query.id,
      condition: comparison
        ? {
            op: f.op as AlertCreateBody['condition']['op'],
            column: f.column.trim(),
            value: valueOf(f.value),
          }
        : { op: f.op as AlertCreateBody['condition']['op'] },
      // Values are sent once the query's parameters are known (unknown: the alert keeps its own).
      ...(defs.parameters && {
        query_parameters: chosenValues(
          defs.parameters.map((p) => p.key),
          f.values,
        ),
      }),
      cron_expression: f.cron.trim(),
      notify: f.notify as AlertCreateBody['notify'],
      performance: f.tier,
      destinations: [
        ...lines(f.webhooks).map((url) => ({ type: 'webhook' as const, url })),
        ...lines(f.emails).map((to) => ({ type: 'email' as const, to })),
      ],
      is_paused: f.paused,
    };
    const onSuccess = props.onSaved;
    if (props.alert) update.mutate({ id: props.alert.id, body }, { onSuccess });
    else create.mutate(body, { onSuccess });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          On query <b>{props.query.name}</b>{' '}
          <Text span c="dimmed">
            (#{props.query.id})
          </Text>
          .
        </Text>
        <TextInput
          label="Name"
          required
          maxLength={ALERT_LIMITS.name}
          value={f.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
        />
        <Select
          label="Trigger when"
          allowDeselect={false}
          data={ALERT_OPERATORS.map((op) => ({ value: op, label: OPERATOR_LABEL[op] ?? op }))}
          value={f.op}
          onChange={(op) => op && set({ op })}
        />
        {comparison && (
          <Group grow align="flex-start">
            <TextInput
              label="Column"
              description="In the first row of the result"
              maxLength={ALERT_LIMITS.column}
              value={f.column}
              onChange={(e) => set({ column: e.currentTarget.value })}
            />
            <TextInput
              label="Value"
              description="A number compares as a number, anything else as text"
              maxLength={ALERT_LIMITS.value}
              value={f.value}
              onChange={(e) => set({ value: e.currentTarget.value })}
            />
          </Group>
        )}
        <AlertValues
          state={defs}
          inputs={inputs}
          values={f.values}
          onChange={(values) => set({ values })}
        />
        <TextInput
          label="Schedule (cron, UTC)"
          description="minute hour day-of-month month day-of-week, e.g. */15 * * * * for every 15 minutes"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          spellCheck={false}
          value={f.cron}
          onChange={(e) => set({ cron: e.currentTarget.value })}
        />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Notify
          </Text>
          <SegmentedControl
            value={f.notify}
            onChange={(notify) => set({ notify })}
            data={[
              { value: 'on_change', label: 'When the state changes' },
              { value: 'every_run', label: 'After every run' },
            ]}
          />
        </div>
        <Select
          label="Tier"
          allowDeselect={false}
          data={TIERS.map((t) => ({ value: t, label: TIER_INFO[t].label }))}
          value={f.tier}
          onChange={(t) => isTier(t) && set({ tier: t })}
        />
        <Textarea
          label="Webhooks"
          description="One URL a line; Slack incoming webhooks show the message as it is"
          rows={2}
          spellCheck={false}
          value={f.webhooks}
          onChange={(e) => set({ webhooks: e.currentTarget.value })}
        />
        <Textarea
          label="Email"
          description="One address a line"
          rows={1}
          spellCheck={false}
          value={f.emails}
          onChange={(e) => set({ emails: e.currentTarget.value })}
        />
        <Switch
          label="Paused"
          description="A paused alert is not run by its schedule"
          checked={f.paused}
          onChange={(e) => set({ paused: e.currentTarget.checked })}
        />
        {mutation.error && (
          <Callout color="red" title="Not saved" role="alert">
            {mutation.error.message}
          </Callout>
        )}
        <FormActions
          onCancel={props.onCancel}
          confirmLabel={props.alert ? 'Save alert' : 'Create alert'}
          pending={mutation.isPending}
          disabled={problem !== null}
        />
      </Stack>
    </form>
  );
}

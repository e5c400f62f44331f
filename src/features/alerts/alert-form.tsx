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
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AlertCreateBody } from '../../../contract/alerts';
import {
  ALERT_OPERATORS,
  DEFAULT_TIER,
  isTier,
  TIERS,
  type Tier,
} from '../../../contract/rules/enums';
import { ALERT_LIMITS } from '../../../contract/rules/limits';
import { CronPicker } from '../../components/cron-picker';
import { FormActions } from '../../components/form-actions';
import { chosenValues, formValuesOf, type FormValues } from '../../lib/parameter-values';
import { TIER_INFO } from '../../lib/tiers';
import { useCreateAlert, useUpdateAlert, type Alert } from './api';
import { alertDestinationTypesOptions, alertLatestOptions } from './form-api';
import { LatestPreview } from './latest-preview';
import { latestValues, resultHead } from './latest-value';
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

/** What the page the dialog opens from shows: its parameter values and tier. */
export type AlertPageState = { values?: FormValues; tier?: Tier };

/** The fields an alert is made of, as the form holds them: the alert's, or the page's. */
function initial(alert: Alert | null, page: AlertPageState) {
  const c = alert?.condition;
  const tier = alert?.performance ?? page.tier;
  return {
    name: alert?.name ?? '',
    op: c?.op ?? '>',
    column: c?.column ?? '',
    value: c?.value === undefined ? '' : String(c.value),
    cron: alert?.cron_expression ?? '0 * * * *',
    notify: alert?.notify ?? 'on_change',
    tier: isTier(tier) ? tier : DEFAULT_TIER,
    webhooks: (alert?.destinations ?? []).flatMap((d) => (d.type === 'webhook' ? [d.url] : [])),
    emails: (alert?.destinations ?? []).flatMap((d) => (d.type === 'email' ? [d.to] : [])),
    paused: alert?.is_paused ?? false,
    values: alert ? formValuesOf(alert.query_parameters) : { ...page.values },
  };
}

type Fields = ReturnType<typeof initial>;

const isComparison = (op: string) => op !== 'any_rows' && op !== 'no_rows';

/** The condition the fields say, or null while a comparison lacks its column or value. */
function conditionOf(
  f: Pick<Fields, 'op' | 'column' | 'value'>,
): AlertCreateBody['condition'] | null {
  const op = f.op as AlertCreateBody['condition']['op'];
  if (!isComparison(f.op)) return { op };
  if (!f.column.trim() || f.value.trim() === '') return null;
  return { op, column: f.column.trim(), value: valueOf(f.value) };
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
  /** The page's values and tier, for a new alert. */
  page?: AlertPageState;
  onCancel: () => void;
  onSaved: (alert: Alert) => void;
}) {
  const start = initial(props.alert, props.page ?? {});
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
  const comparison = isComparison(f.op);
  const condition = conditionOf(f);
  // The latest result for the values chosen: its columns and the value the condition reads now;
  // without one, the latest of any values still gives the columns.
  const chosen = defs.parameters
    ? chosenValues(
        defs.parameters.map((p) => p.key),
        f.values,
      )
    : null;
  const latest = useQuery({
    ...alertLatestOptions(
      props.ctx,
      props.query.id,
      latestValues(defs.parameters ?? [], chosen ?? {}),
    ),
    enabled: chosen !== null,
  });
  const head = resultHead(latest.data);
  const anyLatest = useQuery({
    ...alertLatestOptions(props.ctx, props.query.id, {}),
    enabled: latest.data === null || (latest.isSuccess && !head),
  });
  // Email is offered only where the server can send it (or the alert already has some).
  const types = useQuery(alertDestinationTypesOptions(props.ctx));
  const emailOffered = types.data?.email === true || f.emails.trim() !== '';
  const columns = head?.columns ?? resultHead(anyLatest.data)?.columns ?? null;
  const unknownColumn =
    columns && f.column && !columns.includes(f.column)
      ? `Not a column of the latest result (${columns.join(', ')})`
      : null;
  const problem = !f.name.trim()
    ? 'Give the alert a name'
    : comparison && (!f.column.trim() || f.value.trim() === '')
      ? 'Name the column and the value to compare with'
      : unknownColumn
        ? 'Choose a column of the result'
        : defs.pending || (inputs && !inputs.valuesValid(f.values))
          ? 'Fix the parameter values'
          : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (problem) return;
    const body: AlertCreateBody = {
      name: f.name.trim(),
      query_id: props.query.id,
      condition: condition!,
      // Values are sent once the query's parameters are known (unknown: the alert keeps its own).
      ...(chosen && { query_parameters: chosen }),
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
            {columns ? (
              <Select
                label="Column"
                description="In the first row of the result"
                placeholder="Choose a column"
                searchable
                allowDeselect={false}
                // An edited alert's column stays choosable even when the result lost it.
                data={f.column && !columns.includes(f.column) ? [...columns, f.column] : columns}
                value={f.column || null}
                onChange={(column) => column && set({ column })}
                error={unknownColumn}
              />
            ) : (
              <TextInput
                label="Column"
                description="Run the query to choose from its columns"
                maxLength={ALERT_LIMITS.column}
                value={f.column}
                onChange={(e) => set({ column: e.currentTarget.value })}
              />
            )}
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
        <LatestPreview
          head={head}
          ranAt={latest.data?.execution_ended_at}
          pending={chosen === null || latest.isPending}
          condition={condition}
        />
        <CronPicker cron={f.cron} onChange={(cron) => set({ cron })} />
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
        {emailOffered && (
          <Textarea
            label="Email"
            description={
              types.data?.email === false
                ? 'This server has no SMTP server set: email cannot be sent; remove these'
                : 'One address a line'
            }
            rows={1}
            spellCheck={false}
            value={f.emails}
            onChange={(e) => set({ emails: e.currentTarget.value })}
          />
        )}
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

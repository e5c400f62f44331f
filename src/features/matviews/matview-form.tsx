import '@mantine/core/styles/Radio.css';
import { Alert, Group, Radio, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { MatviewUpsertRequest } from '../../../contract/matviews';
import { DEFAULT_TIER, isTier, TIERS } from '../../../contract/rules/enums';
import { ApiError } from '../../lib/api';
import { TIER_INFO } from '../../lib/tiers';
import { fullNameFor, type Matview } from './api';
import { expiryError, fromLocalInput, toLocalInput } from './format';
import { useUpsertMatview, type Performance } from './mutations';
import { QueryPicker } from './query-picker';
import { normalizeCron } from '../../../shared/cron/cron-rules';
import { validateCron } from '../../../shared/cron/cron-words';
import { ScheduleField } from './schedule-field';
import { MATVIEW_NAME_PREFIX, matviewNameProblem } from '../../../contract/rules/names';
import { FormActions } from '../../components/form-actions';

/** A first name for the view of a query: `result_` and its name in snake case. */
export function suggestName(queryName: string): string {
  const slug = queryName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
  return `${MATVIEW_NAME_PREFIX}${slug}`;
}

export type Saved = { fullName: string; executionId: string };

/**
 * Create or edit the view of a query: source, name, schedule, tier, expiry, privacy. Saving
 * upserts (keyed by the query) and starts a refresh; the service's 400/409 answers show here.
 */
export function MatviewForm(props: {
  ctx: string;
  /** The source when fixed (opened from a query, or editing a view). */
  query: { id: number; name: string } | null;
  view: Matview | null;
  onCancel: () => void;
  onSaved: (saved: Saved) => void;
}) {
  const { view } = props;
  const upsert = useUpsertMatview(props.ctx);
  const [queryId, setQueryId] = useState<number | null>(props.query?.id ?? null);
  const [name, setName] = useState(
    view?.name ?? (props.query ? suggestName(props.query.name) : MATVIEW_NAME_PREFIX),
  );
  const [nameTouched, setNameTouched] = useState(false);
  const [cron, setCron] = useState(view?.schedule?.cron_expression ?? '0 6 * * *');
  const [tier, setTier] = useState<Performance>(
    isTier(view?.schedule?.performance) ? view.schedule.performance : DEFAULT_TIER,
  );
  const [expires, setExpires] = useState(toLocalInput(view?.schedule?.expires_at));
  const [isPrivate, setPrivate] = useState(view?.is_private ?? false);

  const nameProblem = matviewNameProblem(name.trim());
  const cronProblem = validateCron(cron);
  const expiresAt = fromLocalInput(expires);
  const expiresProblem = expiryError(expires);
  const serverError = upsert.error;
  const conflict = serverError instanceof ApiError && serverError.status === 409;
  const valid = !nameProblem && !cronProblem && !expiresProblem && queryId !== null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setNameTouched(true);
    if (!valid) return;
    const body: MatviewUpsertRequest = {
      name: name.trim().toLowerCase(),
      query_id: queryId,
      cron_expression: normalizeCron(cron) || null,
      expires_at: expiresAt,
      is_private: isPrivate,
      performance: tier,
    };
    upsert.mutate(body, {
      onSuccess: (r) => props.onSaved({ fullName: r.name, executionId: r.execution_id }),
    });
  };
  const edited = () => upsert.isError && upsert.reset();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {props.query ? (
          <div>
            <Text size="sm" fw={500}>
              Source query
            </Text>
            <Text size="sm" data-testid="source-query">
              {props.query.name}{' '}
              <Text span c="dimmed">
                (#{props.query.id})
              </Text>
            </Text>
          </div>
        ) : (
          <QueryPicker
            ctx={props.ctx}
            value={queryId}
            onChange={(id) => {
              setQueryId(id);
              edited();
            }}
          />
        )}
        <TextInput
          label="Name"
          required
          value={name}
          maxLength={200}
          spellCheck={false}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameTouched(true);
            edited();
          }}
          description={
            <>
              Query it as{' '}
              <Text span ff="monospace" fz="inherit" data-testid="full-name">
                {fullNameFor(props.ctx, name.trim().toLowerCase() || `${MATVIEW_NAME_PREFIX}…`)}
              </Text>
            </>
          }
          error={(nameTouched && nameProblem) || (conflict ? serverError.message : undefined)}
        />
        <ScheduleField
          cron={cron}
          onChange={(c) => {
            setCron(c);
            edited();
          }}
          error={cronProblem}
        />
        <Radio.Group
          label="Tier"
          description="The engine size each refresh runs on"
          value={tier}
          onChange={(v) => setTier(v as Performance)}
        >
          <Group gap="lg" mt={6}>
            {TIERS.map((t) => (
              <Radio key={t} value={t} label={TIER_INFO[t].label} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          type="datetime-local"
          label="Schedule ends"
          description="Optional, in your local time: after it the schedule stops (the view stays)"
          value={expires}
          onChange={(e) => {
            setExpires(e.currentTarget.value);
            edited();
          }}
          error={expiresProblem}
        />
        <Switch
          label="Private"
          description="Only this context can read the view"
          checked={isPrivate}
          onChange={(e) => setPrivate(e.currentTarget.checked)}
        />
        {serverError && !conflict && (
          <Alert color="red" title="Not saved" role="alert">
            {serverError.message}
          </Alert>
        )}
        <FormActions
          onCancel={props.onCancel}
          confirmLabel={view ? 'Save and refresh' : 'Create and refresh'}
          pending={upsert.isPending}
          disabled={!valid}
        />
      </Stack>
    </form>
  );
}

import type { AlertCreateInput, AlertDestinationInput } from '../../contract/alerts.js';
import { ALERT_LIMITS } from '../../contract/rules/limits.js';
import { resolveParameterValues } from '../engine/parameters.js';
import { DEFAULT_TIER } from '../engine/tiers.js';
import { invalid } from '../errors.js';
import { normalizeValues } from '../executions/execution-input.js';
import { checkSchedule, nextSlot } from '../scheduling/cron-rules.js';
import { missingColumn } from '../../shared/alerts/alert-condition.js';
import type { AlertQuery, AlertsDeps } from './alerts-ports.js';
import type { AlertFields, AlertRecord } from './alerts-repo.js';
import { parseWebhookUrl, resolveWebhook } from './webhook-address.js';

/**
 * The checks of an alert's fields, at creation and on every change: the schedule (cron rules of
 * matviews, with ALERT_MIN_INTERVAL_MINUTES), the parameter values (against the query's
 * definitions, as an execution checks them), the condition's column (against the query's latest
 * result, when one is known) and each destination. 400 naming what is wrong.
 */

/** One address: no spaces or angle brackets, one @, a dotted domain. */
const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

async function checkDestination(
  d: AlertDestinationInput,
  deps: AlertsDeps,
): Promise<AlertDestinationInput> {
  if (d.type === 'email') {
    const to = d.to.trim();
    if (!EMAIL.test(to)) throw invalid(`invalid email address "${to.slice(0, 100)}"`);
    if (!deps.config.smtp)
      throw invalid('email destinations need an SMTP server: the server has no SMTP_HOST set');
    return { type: 'email', to };
  }
  const url = parseWebhookUrl(d.url);
  await resolveWebhook(url, deps.config.alerts.allowPrivateWebhooks, deps.lookup);
  return { type: 'webhook', url: d.url.trim() };
}

async function checkDestinations(
  list: AlertDestinationInput[],
  deps: AlertsDeps,
): Promise<AlertDestinationInput[]> {
  if (list.length > ALERT_LIMITS.destinations)
    throw invalid(`an alert has at most ${ALERT_LIMITS.destinations} destinations`);
  const checked = await Promise.all(list.map((d) => checkDestination(d, deps)));
  const seen = new Set<string>();
  for (const d of checked) {
    const key = d.type === 'email' ? `email ${d.to.toLowerCase()}` : `webhook ${d.url}`;
    if (seen.has(key)) throw invalid(`destination ${key} is listed twice`);
    seen.add(key);
  }
  return checked;
}

/**
 * The fields to store for `input` on `query` (known readable and runnable by the context; none
 * when a change leaves query, values and condition as they are while the query cannot be run,
 * and they are not checked again). `existing` is the alert being changed: its slot stays when
 * the schedule does.
 */
export async function checkFields(
  input: AlertCreateInput,
  query: AlertQuery | undefined,
  contextId: number,
  deps: AlertsDeps,
  existing?: AlertRecord,
  now = new Date(),
): Promise<AlertFields> {
  const cronExpression = checkSchedule(
    input.cron_expression,
    deps.config.alerts.minIntervalMinutes,
    now,
  );
  const parameters = normalizeValues(input.query_parameters);
  if (query) resolveParameterValues(query.parameters, parameters);
  const condition = input.condition;
  if (query && condition.column !== undefined) {
    const latest = await deps.executions.latest.findLatest(query, contextId);
    const columns = latest?.column_names ?? undefined;
    const missing = columns && missingColumn(condition, columns);
    if (missing) throw invalid(`condition: ${missing} in the latest result of query ${query.id}`);
  }
  const isPaused = input.is_paused ?? false;
  const keepSlot =
    existing &&
    !existing.isPaused &&
    existing.cronExpression === cronExpression &&
    existing.nextEvaluationTime !== null;
  return {
    name: input.name,
    queryId: input.query_id,
    condition,
    parameters,
    performance: input.performance ?? DEFAULT_TIER,
    cronExpression,
    notify: input.notify ?? 'on_change',
    destinations: await checkDestinations(input.destinations, deps),
    isPaused,
    nextEvaluationTime: isPaused
      ? null
      : keepSlot
        ? existing.nextEvaluationTime
        : nextSlot(cronExpression, now, null),
  };
}

import type { AlertState } from '../../contract/rules/enums.js';
import { clipText, describeCondition, type Outcome } from '../../shared/alerts/alert-condition.js';
import type { AlertRecord } from './alerts-repo.js';

/**
 * What an alert sends: a webhook's JSON body (docs/alerts.md; `text` is Slack-compatible, so a
 * Slack incoming webhook shows it as it is) and an email's subject and text. Both name the
 * alert, the query, the value and link back to the query.
 */

export type WebhookBody = {
  text: string;
  alert: {
    id: number;
    name: string;
    state: Outcome['state'];
    previous_state: AlertState;
    condition: AlertRecord['condition'];
    notify: AlertRecord['notify'];
  };
  query: { id: number; name: string; url: string };
  context: string;
  value: unknown;
  value_truncated: boolean;
  error: string | null;
  execution_id: string | null;
  evaluated_at: string;
};

export type AlertMessage = { subject: string; text: string; body: WebhookBody };

export type MessageInput = {
  alert: AlertRecord;
  query: { id: number; name: string };
  context: string;
  outcome: Outcome;
  previous: AlertState;
  executionId: string | null;
  evaluatedAt: string;
  baseUrl: string;
};

const HEADLINE: Record<Outcome['state'], string> = {
  triggered: 'TRIGGERED',
  ok: 'back to OK',
  failed: 'FAILED',
};

/** A value in a line of text: its first 200 characters. */
const shown = (v: unknown) => clipText(typeof v === 'string' ? v : JSON.stringify(v), 200).text;

/** The value line: "volume = 1234", "12 rows". */
function valueLine(m: MessageInput): string {
  const c = m.alert.condition;
  if (c.op === 'any_rows' || c.op === 'no_rows')
    return `${String(m.outcome.value)} row${m.outcome.value === 1 ? '' : 's'}`;
  return `${c.column} = ${m.outcome.value === null ? 'no value' : shown(m.outcome.value)}`;
}

export function buildMessage(m: MessageInput): AlertMessage {
  const { alert, query, outcome } = m;
  const url = `${m.baseUrl}/queries/${query.id}`;
  const subject = `[Strata] Alert "${alert.name}" is ${HEADLINE[outcome.state]}`;
  const lines = [
    `Alert "${alert.name}" is ${HEADLINE[outcome.state]} (was ${m.previous}).`,
    outcome.state === 'failed'
      ? `Error: ${outcome.error ?? 'unknown'}`
      : `${valueLine(m)}; condition: ${describeCondition(alert.condition)}.`,
    `Query: "${query.name}" (#${query.id}) ${url}`,
  ];
  const body: WebhookBody = {
    text: lines.join('\n'),
    alert: {
      id: alert.id,
      name: alert.name,
      state: outcome.state,
      previous_state: m.previous,
      condition: alert.condition,
      notify: alert.notify,
    },
    query: { id: query.id, name: query.name, url },
    context: m.context,
    value: outcome.value ?? null,
    value_truncated: outcome.valueTruncated,
    error: outcome.error,
    execution_id: m.executionId,
    evaluated_at: m.evaluatedAt,
  };
  const text = [
    ...lines,
    '',
    `Context: ${m.context}. Evaluated at ${m.evaluatedAt} (UTC)${m.executionId ? `, execution ${m.executionId}` : ''}.`,
    `Schedule: ${alert.cronExpression} (UTC).`,
  ].join('\n');
  return { subject, text, body };
}

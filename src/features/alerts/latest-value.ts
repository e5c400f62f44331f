import type { Parameter } from '../../../contract/parameters';
import type { AlertCreateBody } from '../../../contract/alerts';
import { evaluate, type Outcome, type ResultHead } from '../../../shared/alerts/alert-condition';
import type { ExecutionResult } from '../../lib/resources/executions';
import type { FormValues } from '../../lib/parameter-values';

/**
 * What the Set alert dialog shows of the query's latest result: its columns (the only ones a
 * condition may name) and the value the condition would read now, with the runner's own rule
 * (shared/alerts/alert-condition.ts evaluate), so "would trigger now" cannot disagree with the
 * next run on the same result.
 */

type Condition = AlertCreateBody['condition'];

/** The columns, row count and first row of a completed result; null for anything else. */
export function resultHead(r: ExecutionResult | null | undefined): ResultHead | null {
  if (!r || r.state !== 'QUERY_STATE_COMPLETED' || !r.result) return null;
  const { metadata, rows } = r.result;
  return { columns: metadata.column_names, rowCount: metadata.total_row_count, firstRow: rows[0] };
}

/**
 * The values that name the parameter set a run of the alert uses: those chosen, or (none chosen)
 * the first parameter's default, since a read naming no value at all answers with the latest run
 * of any set, not the defaults'.
 */
export function latestValues(parameters: readonly Parameter[], chosen: FormValues): FormValues {
  if (Object.keys(chosen).length || !parameters.length) return chosen;
  const first = parameters[0]!;
  return first.value === undefined ? chosen : { [first.key]: first.value };
}

/** The cell as one line of text: numbers and text as they are, anything else as JSON. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? String(value);
}

/** What the condition finds on `head` now; null while the condition is not complete. */
export function outcomeNow(condition: Condition | null, head: ResultHead): Outcome | null {
  return condition ? evaluate(condition, head) : null;
}

/** "Would trigger now", "Would not trigger now", or why it cannot tell, in words. */
export function outcomeWords(o: Outcome): string {
  if (o.state === 'triggered') return 'Would trigger now';
  if (o.state === 'ok') return 'Would not trigger now';
  return `Cannot evaluate now: ${o.error?.replace(/^cannot evaluate [^:]*: /, '') ?? 'unknown'}`;
}

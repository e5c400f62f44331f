import type {
  DashboardSchedule,
  DashboardScheduleValue,
  QuerySchedule,
} from '../../../contract/schedules';
import type { Tier } from '../../../contract/rules/enums';
import { chosenValues, valuesText, type FormValues } from '../../lib/parameter-values';

/**
 * One input of a dashboard schedule's form: a parameter widget's query and key, under the name
 * the form shows (the key, or the key and its query when two queries share it).
 */
export type DashboardField = { name: string; query_id: number; key: string };

/** What is scheduled: a saved query (values by key) or a dashboard (values by widget). */
export type ScheduleTarget =
  | {
      kind: 'query';
      id: number;
      archived: boolean;
      /** The tier a new schedule starts on: the query's own. */
      tier: Tier;
      parameterKeys: readonly string[];
    }
  | { kind: 'dashboard'; id: number; archived: boolean; fields: readonly DashboardField[] };

export type Schedule = QuerySchedule | DashboardSchedule;

/** A new schedule as sent: its `parameters` in the target's wire shape. */
export type NewScheduleBody = {
  cron_expression: string;
  performance: Tier;
  parameters: FormValues | DashboardScheduleValue[];
};

/** The names of the form's value inputs. */
export const fieldNames = (t: ScheduleTarget): readonly string[] =>
  t.kind === 'query' ? t.parameterKeys : t.fields.map((f) => f.name);

/** A new schedule's `parameters`: the values the form set, in the target's wire shape. */
export function scheduleParameters(
  t: ScheduleTarget,
  values: Readonly<FormValues>,
): NewScheduleBody['parameters'] {
  const chosen = chosenValues(fieldNames(t), values);
  if (t.kind === 'query') return chosen;
  return t.fields.flatMap((f) =>
    Object.hasOwn(chosen, f.name)
      ? [{ query_id: f.query_id, key: f.key, value: chosen[f.name]! }]
      : [],
  );
}

/** A schedule's values in words, named as the form names them. */
export function scheduleValuesText(t: ScheduleTarget, parameters: Schedule['parameters']): string {
  if (!Array.isArray(parameters)) return valuesText(parameters);
  const fields = t.kind === 'dashboard' ? t.fields : [];
  const nameOf = (v: DashboardScheduleValue) =>
    fields.find((f) => f.query_id === v.query_id && f.key === v.key)?.name ??
    `${v.key} (query ${v.query_id})`;
  return valuesText(Object.fromEntries(parameters.map((v) => [nameOf(v), v.value])));
}

/** What the panel says a run of the target is, and why a new schedule cannot be added. */
export const TARGET_TEXT = {
  query: {
    runs: 'Each schedule runs the saved query with its values and tier, in this context (credits are charged here). Its result becomes the latest for those values, so dashboards open on fresh data. Times are UTC.',
    archived: 'The query is archived: unarchive it first',
  },
  dashboard: {
    runs: 'Each schedule runs the query of every chart on the dashboard once, with its values and tier, in this context (credits are charged here). The results become the latest for those values, so the dashboard opens on fresh data. Times are UTC.',
    archived: 'The dashboard is archived: unarchive it first',
  },
} as const;

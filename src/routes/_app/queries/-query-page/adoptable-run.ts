import type { Parameter } from '../../../../../contract/parameters';
import type { Dialect } from '../../../../../contract/rules/enums';
import { definitionsToSave } from '../../../../features/parameters/definitions';
import type { RunScope } from '../../../../features/editor/sql-editor';

/** What the page remembers of its last run. */
export type LastRun = {
  id: string;
  /** The SQL sent: the whole text, a statement or a selection. */
  sql: string;
  scope: RunScope;
  /** The definitions it ran with. */
  parameters: Parameter[];
  dialect: Dialect;
};

/** What a save keeps: the text, its definitions and its dialect. */
export type Saving = { sql: string; parameters: Parameter[]; dialect: Dialect };

/**
 * The run to keep as the query's latest result when saving `saving`: the last run, if it ran
 * the whole text being saved, in the dialect being saved, with the definitions being saved (as
 * the service uses them: those the SQL uses, missing ones as text). The service checks it
 * again; this only avoids asking for what it would refuse.
 */
export function runToAdopt(run: LastRun | undefined, saving: Saving): string | undefined {
  if (!run || run.scope !== 'query' || run.sql !== saving.sql) return undefined;
  if (run.dialect !== saving.dialect) return undefined;
  const ran = definitionsToSave(run.parameters, run.sql).parameters;
  const saved = definitionsToSave(saving.parameters, saving.sql).parameters;
  return JSON.stringify(ran) === JSON.stringify(saved) ? run.id : undefined;
}

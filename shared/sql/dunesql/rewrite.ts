/**
 * DuneSQL to DuckDB SQL: a rewrite on the shared lexer's tokens (shared/sql/lexer.ts), never on
 * text, so strings, quoted names and comments are never touched. DuckDB SQL itself is never
 * rewritten: only runs in the `dunesql` dialect come here.
 *
 * The steps, each in its own module, in this order (a token one step rewrites, the later ones
 * leave alone): varbinary literals (literals.ts), Trino type syntax in casts (types.ts), rows
 * unnested into columns (unnest.ts), function calls and lambdas (calls.ts), names DuckDB
 * reserves and `_colN` names for unnamed columns and VALUES lists' columns (names.ts). The
 * edits are applied in one go (edits.ts), with a mark for each, so DuckDB's error offsets map
 * back to the DuneSQL as given.
 */
import type { SqlMark } from '../offsets';
import { findUnsupported, rewriteCalls, type UnsupportedCall } from './calls';
import { applyEdits } from './edits';
import { DuneSqlError } from './error';
import { rewriteLiterals } from './literals';
import { nameColumns, nameValuesColumns, quoteReservedNames } from './names';
import type { Pass } from './pass';
import { codeOf } from './tokens';
import { rewriteTypes } from './types';
import { rewriteUnnest } from './unnest';

export { DuneSqlError } from './error';
export type { UnsupportedCall } from './calls';

/** The DuckDB SQL to run and where each rewritten piece came from (for error positions). */
export type DuneSqlRewrite = { sql: string; marks: SqlMark[] };

export type RewriteOptions = {
  /**
   * Whether the SQL still has its `{{placeholders}}` (SQL as written, in the editor); they are
   * left as they are. SQL as run has its parameters rendered (the default).
   */
  placeholders?: boolean;
};

/**
 * Rewrites one DuneSQL text for DuckDB; throws DuneSqlError on what cannot run, also on text
 * nested deeper than the rewrite's recursion (types, calls) can follow.
 */
export function rewriteDuneSql(sql: string, opts: RewriteOptions = {}): DuneSqlRewrite {
  try {
    return rewrite(sql, opts);
  } catch (err) {
    if (err instanceof RangeError)
      throw new DuneSqlError('The query nests too deeply to run as DuneSQL', 0, sql.length);
    throw err;
  }
}

function rewrite(sql: string, opts: RewriteOptions): DuneSqlRewrite {
  const code = codeOf(sql, opts.placeholders);
  const pass: Pass = { code, edits: [], taken: new Uint8Array(code.toks.length) };
  rewriteLiterals(pass);
  rewriteTypes(pass);
  rewriteUnnest(pass);
  rewriteCalls(pass);
  quoteReservedNames(pass);
  nameColumns(pass);
  nameValuesColumns(pass);
  return pass.edits.length ? applyEdits(sql, pass.edits) : { sql, marks: [] };
}

/**
 * The calls of DuneSQL functions Strata does not run, as a run would refuse them, for the
 * editor to mark before the run. `sql` is SQL as written (placeholders left alone).
 */
export const unsupportedCalls = (sql: string): UnsupportedCall[] =>
  findUnsupported(codeOf(sql, true));

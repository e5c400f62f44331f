/**
 * DuneSQL's functions (Trino's and the hosted service's own) and how each runs on DuckDB: the
 * one catalog the rewrite (rewrite.ts) renames calls by, the sandbox defines macros from, and the
 * editor completes, documents on hover and marks unsupported calls with. Names are lower case.
 * Docs are Strata's own words; behaviour follows the hosted service's DuneSQL reference and
 * Trino's documentation.
 */

import { AGGREGATE_FUNCTIONS, AGGREGATE_MACROS } from './functions-aggregates';
import { ARRAY_FUNCTIONS, ARRAY_MACROS } from './functions-arrays';
import { CONDITIONAL_FUNCTIONS, CONDITIONAL_MACROS } from './functions-conditional';
import { DATE_FUNCTIONS, DATE_MACROS } from './functions-dates';
import { HOSTED_FUNCTIONS, HOSTED_MACROS } from './functions-hosted';
import { JSON_FUNCTIONS, JSON_MACROS } from './functions-json';
import { KECCAK_FUNCTIONS, KECCAK_MACROS } from './functions-keccak';
import { orderMacros, RAISE_MACRO } from './functions-kit';
import { NUMBER_FUNCTIONS, NUMBER_MACROS, OPERATOR_MACROS } from './functions-numbers';
import { STRING_FUNCTIONS, STRING_MACROS } from './functions-strings';
import { VARBINARY_FUNCTIONS, VARBINARY_MACROS } from './functions-varbinary';

export { DUNESQL_CASTS } from './functions-numbers';

/** How a call of a DuneSQL function runs on DuckDB. */
export type DuneRun =
  /** DuckDB has it under the same name with the same meaning: left as written. */
  | { kind: 'same' }
  /** A DuckDB built-in of another name taking the same arguments (lambdas pass through). */
  | { kind: 'rename'; to: string }
  /** A macro Strata defines in every DuneSQL instance (DUNESQL_MACROS), named `dunesql_…`. */
  | { kind: 'macro'; to: string }
  /** The rewrite reshapes the call itself (rewrite.ts names it: greatest, least, reduce, …). */
  | { kind: 'reshape' }
  /** Known to DuneSQL, not run by Strata: the run fails naming it, the editor marks it. */
  | { kind: 'unsupported' };

export type DuneFunction = {
  name: string;
  /** `varbinary_substring(x varbinary, start bigint, length bigint) → varbinary` */
  signature: string;
  /** One or two sentences: what it returns, with Trino's edge cases (NULLs, units, 1-based). */
  doc: string;
  run: DuneRun;
  /** Takes a lambda argument (`x -> …`): completion writes one. */
  lambda?: boolean;
};

const FUNCTIONS: DuneFunction[] = [
  ...VARBINARY_FUNCTIONS,
  ...NUMBER_FUNCTIONS,
  ...ARRAY_FUNCTIONS,
  ...AGGREGATE_FUNCTIONS,
  ...DATE_FUNCTIONS,
  ...STRING_FUNCTIONS,
  ...JSON_FUNCTIONS,
  ...CONDITIONAL_FUNCTIONS,
  ...HOSTED_FUNCTIONS,
  ...KECCAK_FUNCTIONS,
];

const BY_NAME = new Map(FUNCTIONS.map((f) => [f.name, f]));

/** The DuneSQL function of this name (any case), or undefined when DuneSQL has none. */
export const duneFunction = (name: string): DuneFunction | undefined =>
  BY_NAME.get(name.toLowerCase());

/** Every DuneSQL function the catalog knows, for completion. */
export const duneFunctions = (): readonly DuneFunction[] => FUNCTIONS;

/**
 * The macros behind `{ kind: 'macro' }` entries: `CREATE MACRO dunesql_… AS …` statements run
 * once when a sandbox instance for DuneSQL is set up, before its configuration is locked; and
 * the macros DuckDB binds `/` and `%` to (OPERATOR_MACROS: division by zero as Trino has it).
 */
export const DUNESQL_MACROS: readonly string[] = orderMacros([
  RAISE_MACRO,
  ...OPERATOR_MACROS,
  ...VARBINARY_MACROS,
  ...NUMBER_MACROS,
  ...ARRAY_MACROS,
  ...AGGREGATE_MACROS,
  ...DATE_MACROS,
  ...STRING_MACROS,
  ...JSON_MACROS,
  ...CONDITIONAL_MACROS,
  ...HOSTED_MACROS,
  ...KECCAK_MACROS,
]);

/** Trino's conditional and comparison functions, and the type helpers queries call. */
import type { DuneFunction } from './functions';
import { macro, reshaped, same } from './functions-kit';

export const CONDITIONAL_MACROS: string[] = [
  // CASE evaluates only the branch it takes, as Trino's if does.
  `CREATE OR REPLACE MACRO dunesql_if(c, a) AS CASE WHEN c THEN a END,
  (c, a, b) AS CASE WHEN c THEN a ELSE b END`,
];

export const CONDITIONAL_FUNCTIONS: DuneFunction[] = [
  reshaped(
    'greatest',
    'greatest(x1, x2, …) → same type',
    'The largest argument; NULL if any argument is NULL (DuckDB’s own greatest skips NULLs).',
  ),
  reshaped(
    'least',
    'least(x1, x2, …) → same type',
    'The smallest argument; NULL if any argument is NULL (DuckDB’s own least skips NULLs).',
  ),
  macro(
    'if',
    'if(condition, then[, else]) → same type',
    'then when condition is true, else (or NULL without one) otherwise; only the value taken is computed.',
  ),
  same('coalesce', 'coalesce(x1, x2, …) → same type', 'The first argument that is not NULL.'),
  same('nullif', 'nullif(x, y) → same type', 'NULL when x equals y, x otherwise.'),
  same(
    'try',
    'try(expression) → same type',
    'The value of expression, or NULL where computing it fails (division by zero, a bad cast, …).',
  ),
  same('try_cast', 'try_cast(x AS type) → type', 'x cast to type, or NULL where the cast fails.'),
  same(
    'typeof',
    'typeof(x) → varchar',
    'The name of the type of x (DuckDB’s names: BLOB for varbinary, BIGNUM for uint256).',
  ),
];

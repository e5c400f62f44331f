/**
 * Trino's JSON functions on DuckDB's json extension. Paths are JSONPath (`$.a.b`, `$.list[0]`,
 * `$[-1]`). Numbers go through doubles: an integer past 2^53 written as a JSON number loses
 * digits (as text, `"123…"`, it does not).
 */
import type { DuneFunction } from './functions';
import { macro, renamed, same } from './functions-kit';

/** SQL/JSON paths may start with a mode (`lax $.a`); DuckDB reads the path after it. */
const PATH = `regexp_replace(p, '^\\s*(lax|strict)\\s+', '')`;

export const JSON_MACROS: string[] = [
  `CREATE OR REPLACE MACRO dunesql_json_extract_scalar(j, p) AS CASE
  WHEN json_type(j, p) IN ('OBJECT', 'ARRAY') THEN NULL ELSE json_extract_string(j, p) END`,
  `CREATE OR REPLACE MACRO dunesql_json_format(j) AS CAST(CAST(j AS JSON) AS VARCHAR)`,
  `CREATE OR REPLACE MACRO dunesql_json_array_get(j, i) AS json_extract(j, '$[' || CAST(i AS VARCHAR) || ']')`,
  `CREATE OR REPLACE MACRO dunesql_json_array_contains(j, v) AS CASE
  WHEN json_type(j) <> 'ARRAY' THEN NULL
  ELSE list_contains(json_extract(j, '$[*]'), to_json(v)) END`,
  `CREATE OR REPLACE MACRO dunesql_json_size(j, p) AS CASE
  WHEN json_type(j, p) = 'ARRAY' THEN CAST(json_array_length(j, p) AS BIGINT)
  WHEN json_type(j, p) = 'OBJECT' THEN CAST(len(json_keys(j, p)) AS BIGINT)
  WHEN json_type(j, p) IS NULL THEN NULL ELSE 0 END`,
  `CREATE OR REPLACE MACRO dunesql_is_json_scalar(j) AS json_type(j) NOT IN ('OBJECT', 'ARRAY')`,
  `CREATE OR REPLACE MACRO dunesql_json_value(j, p) AS dunesql_json_extract_scalar(j, ${PATH})`,
  `CREATE OR REPLACE MACRO dunesql_json_query(j, p) AS json_extract(j, ${PATH})`,
  `CREATE OR REPLACE MACRO dunesql_json_exists(j, p) AS json_exists(j, ${PATH})`,
];

export const JSON_FUNCTIONS: DuneFunction[] = [
  renamed(
    'json_parse',
    'json',
    'json_parse(s varchar) → json',
    'The JSON value written in s (fails if s is not valid JSON).',
  ),
  same(
    'json_extract',
    'json_extract(j json | varchar, path varchar) → json',
    'The JSON value at path in j, or NULL when there is none.',
  ),
  macro(
    'json_extract_scalar',
    'json_extract_scalar(j json | varchar, path varchar) → varchar',
    'The scalar at path in j as text (a string without its quotes, a number or boolean as written); NULL when path leads to an object, an array or nothing.',
  ),
  macro(
    'json_format',
    'json_format(j json) → varchar',
    'The JSON text of j, without extra whitespace.',
  ),
  same(
    'json_array_length',
    'json_array_length(j json | varchar) → bigint',
    'The number of elements of the JSON array j.',
  ),
  macro(
    'json_array_get',
    'json_array_get(j json | varchar, index bigint) → json',
    'The element of the JSON array j at 0-based index (negative counts from the end), or NULL.',
  ),
  macro(
    'json_array_contains',
    'json_array_contains(j json | varchar, value) → boolean',
    'Whether the JSON array j holds value (a boolean, number or string).',
  ),
  macro(
    'json_size',
    'json_size(j json | varchar, path varchar) → bigint',
    'The number of elements of the array or members of the object at path; 0 for a scalar.',
  ),
  macro(
    'is_json_scalar',
    'is_json_scalar(j json | varchar) → boolean',
    'Whether j is a number, string, boolean or null rather than an object or array.',
  ),
  macro(
    'json_value',
    'json_value(j json | varchar, path varchar) → varchar',
    'The scalar at the SQL/JSON path (`lax $.a`) as text, or NULL. The RETURNING, ON EMPTY and ON ERROR clauses are not supported.',
  ),
  macro(
    'json_query',
    'json_query(j json | varchar, path varchar) → json',
    'The JSON value at the SQL/JSON path (`lax $.a`). The wrapper, ON EMPTY and ON ERROR clauses are not supported.',
  ),
  macro(
    'json_exists',
    'json_exists(j json | varchar, path varchar) → boolean',
    'Whether the SQL/JSON path (`lax $.a`) leads to a value in j.',
  ),
];

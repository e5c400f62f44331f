/**
 * Trino's array, map and lambda functions. Arrays are DuckDB lists (1-based, as in Trino);
 * maps are DuckDB maps. A DuckDB macro cannot take a lambda, so the lambda-taking functions are
 * renames to DuckDB's list functions or reshaped by the rewrite (lambdas.ts; those over maps
 * run on the map's entries).
 */
import type { DuneFunction } from './functions';
import { macro, renamed, reshaped, same, unsupported } from './functions-kit';

export const ARRAY_MACROS: string[] = [
  // start + i·step, each from the start as Trino does (month steps do not drift: Jan 31 + 1
  // month is Feb 29, + 2 months Mar 31), of the type of start and stop: a bigint stays a
  // bigint and a date a date. DuckDB's generate_series only gives the count (its month steps
  // drift, never past Trino's, so the filter drops what overshoots). A date plus an interval is
  // a timestamp in DuckDB; cast_to_type casts the list back to the type of [a, b], resolved when
  // the call is bound (on timestamps and integers no cast at all), a column's as a literal's.
  `CREATE OR REPLACE MACRO dunesql_sequence(a, b) AS
  list_transform(range(0, abs(b - a) + 1), i -> a + CAST(i * sign(b - a) AS INTEGER)),
  (a, b, step) AS CASE
  WHEN a + step = a THEN dunesql_raise('sequence step must not be zero')
  WHEN (a + step > a AND b < a) OR (a + step < a AND b > a) THEN dunesql_raise('sequence stop value should be greater than or equal to start value if step is greater than zero otherwise stop should be less than or equal to start')
  ELSE cast_to_type(list_filter(list_transform(range(0, len(generate_series(a, b, step))), i -> a + i * step),
    v -> CASE WHEN a + step > a THEN v <= b ELSE v >= b END), [a, b]) END`,
  // DuckDB counts a list with len and a map with cardinality, and neither binds on the other.
  // (A list's type ends with ']', an array of maps' too: it is tested first.)
  // typeof is folded when the call is bound, so only one branch is left; the other must still
  // bind: on a list the map branch is a cast that binds (TRY_CAST to a map), and on a map the
  // list branch reads the map as the type of concat(x), text, never run. On a list this is
  // len(x) itself (the cast to its own type is dropped); on a map it counts its entries as text.
  `CREATE OR REPLACE MACRO dunesql_cardinality(x) AS CASE
  WHEN typeof(x) LIKE '%]' OR typeof(x) = '"NULL"' THEN len(cast_to_type(x, concat(x)))
  WHEN typeof(x) LIKE 'MAP(%' THEN CAST(cardinality(TRY_CAST(x AS MAP(VARCHAR, VARCHAR))) AS BIGINT)
  ELSE dunesql_raise('cardinality takes an array or a map, not ' || typeof(x)) END`,
  `CREATE OR REPLACE MACRO dunesql_element_at(c, k) AS (c)[k]`,
  `CREATE OR REPLACE MACRO dunesql_array_join(a, sep) AS array_to_string(a, sep),
  (a, sep, null_text) AS array_to_string(list_transform(a, x -> coalesce(CAST(x AS VARCHAR), null_text)), sep)`,
  `CREATE OR REPLACE MACRO dunesql_array_max(a) AS CASE WHEN list_count(a) < len(a) THEN NULL ELSE list_max(a) END`,
  `CREATE OR REPLACE MACRO dunesql_array_min(a) AS CASE WHEN list_count(a) < len(a) THEN NULL ELSE list_min(a) END`,
  `CREATE OR REPLACE MACRO dunesql_slice(a, s, n) AS CASE
  WHEN s = 0 THEN dunesql_raise('slice: SQL array indices start at 1')
  WHEN n < 0 THEN dunesql_raise('slice: length must be non-negative')
  WHEN s > 0 THEN list_slice(a, s, s + n - 1)
  WHEN len(a) + s < 0 THEN list_slice(a, 1, 0)
  ELSE list_slice(a, len(a) + s + 1, len(a) + s + n) END`,
  // Trino keeps the first occurrence of each element, in order, NULL included.
  `CREATE OR REPLACE MACRO dunesql_array_distinct(a) AS list_filter(a, (x, i) -> list_position(a, x) = i)`,
  `CREATE OR REPLACE MACRO dunesql_array_union(a, b) AS dunesql_array_distinct(list_concat(a, b))`,
  `CREATE OR REPLACE MACRO dunesql_array_intersect(a, b) AS list_filter(dunesql_array_distinct(a), x -> list_position(b, x) IS NOT NULL)`,
  `CREATE OR REPLACE MACRO dunesql_array_except(a, b) AS list_filter(dunesql_array_distinct(a), x -> list_position(b, x) IS NULL)`,
  `CREATE OR REPLACE MACRO dunesql_contains(a, x) AS CASE
  WHEN x IS NULL THEN NULL WHEN list_contains(a, x) THEN true
  WHEN list_count(a) < len(a) THEN NULL ELSE false END`,
  `CREATE OR REPLACE MACRO dunesql_array_position(a, x) AS CASE WHEN a IS NULL THEN NULL ELSE coalesce(list_position(a, x), 0) END`,
  `CREATE OR REPLACE MACRO dunesql_array_remove(a, x) AS list_filter(a, e -> e IS DISTINCT FROM x)`,
  `CREATE OR REPLACE MACRO dunesql_repeat(x, n) AS list_transform(range(n), i -> x)`,
  `CREATE OR REPLACE MACRO dunesql_trim_array(a, n) AS list_slice(a, 1, len(a) - n)`,
  `CREATE OR REPLACE MACRO dunesql_array_first(a) AS (a)[1]`,
  `CREATE OR REPLACE MACRO dunesql_array_last(a) AS (a)[-1]`,
  // any_match(a, f) is reshaped to dunesql_any_match(list_transform(a, f)): Trino's three-valued
  // answer over the booleans f gives (a NULL among no TRUE makes it NULL).
  `CREATE OR REPLACE MACRO dunesql_any_match(bs) AS CASE
  WHEN list_bool_or(bs) THEN true WHEN list_count(bs) < len(bs) THEN NULL ELSE false END`,
  `CREATE OR REPLACE MACRO dunesql_all_match(bs) AS CASE
  WHEN NOT list_bool_and(bs) THEN false WHEN list_count(bs) < len(bs) THEN NULL ELSE true END`,
  `CREATE OR REPLACE MACRO dunesql_none_match(bs) AS CASE
  WHEN list_bool_or(bs) THEN false WHEN list_count(bs) < len(bs) THEN NULL ELSE true END`,
  // Trino keeps one value per key; DuckDB's map() fails on a repeated key, so the first is kept.
  `CREATE OR REPLACE MACRO dunesql_map_agg(k, v) AS map_from_entries(list_filter(
  list({'key': k, 'value': v}) FILTER (WHERE k IS NOT NULL),
  (e, i) -> list_position(list(k) FILTER (WHERE k IS NOT NULL), e.key) = i))`,
  // The lambdas over maps (lambdas.ts) run on map_entries; transform_keys makes its new keys
  // a map through this, failing on a NULL or repeated key with Trino's words (DuckDB's
  // map_from_entries would fail too, in its own).
  `CREATE OR REPLACE MACRO dunesql_map_from_new_keys(es) AS list_transform([es], l ->
  list_transform([list_transform(l, e -> e.key)], ks -> CASE
  WHEN list_count(ks) < len(ks) THEN dunesql_raise('map key cannot be null')
  WHEN len(list_distinct(ks)) < len(ks) THEN dunesql_raise('Duplicate keys ('
    || CAST(list_filter(ks, (x, i) -> list_position(ks, x) < i)[1] AS VARCHAR) || ') are not allowed')
  ELSE map_from_entries(l) END)[1])[1]`,
  // map_zip_with's entries: every key of a then the keys only b has, with its value in each
  // map (NULL where one lacks it); NULL when either map is. The maps are named once each.
  `CREATE OR REPLACE MACRO dunesql_map_zip(a, b) AS list_transform([{'a': a, 'b': b}], p ->
  CASE WHEN p.a IS NULL OR p.b IS NULL THEN NULL ELSE list_transform(
    list_concat(map_keys(p.a), list_filter(map_keys(p.b), k -> NOT map_contains(p.a, k))),
    k -> {'key': k, 'value1': p.a[k], 'value2': p.b[k]}) END)[1]`,
  `CREATE OR REPLACE MACRO dunesql_split_to_map(s, entry_sep, kv_sep) AS map_from_entries(list_transform(
  string_split(s, entry_sep), e -> {'key': split_part(e, kv_sep, 1), 'value': substr(e, length(split_part(e, kv_sep, 1)) + length(kv_sep) + 1)}))`,
];

export const ARRAY_FUNCTIONS: DuneFunction[] = [
  macro(
    'sequence',
    'sequence(start, stop[, step]) → array',
    'The array from start to stop, both included. Integers step by 1 (or -1 when stop < start); dates step by a day; step is an integer or, for dates and timestamps, an interval. A step that moves away from stop fails. The elements have the type of start and stop: dates stay dates, also with an interval step.',
  ),
  macro(
    'cardinality',
    'cardinality(x array | map) → bigint',
    'The number of elements of the array (NULLs included) or of entries of the map; NULL for NULL.',
  ),
  macro(
    'element_at',
    'element_at(x array | map, index | key) → element',
    'The element at 1-based index (negative counts from the end) or the value of key; NULL when the index is out of range or the key is missing.',
  ),
  macro(
    'array_join',
    'array_join(x array, delimiter varchar[, null_replacement varchar]) → varchar',
    'The elements as text joined by delimiter; NULL elements are skipped, or written as null_replacement when given.',
  ),
  macro(
    'array_max',
    'array_max(x array) → element',
    'The largest element; NULL if the array is empty or holds a NULL.',
  ),
  macro(
    'array_min',
    'array_min(x array) → element',
    'The smallest element; NULL if the array is empty or holds a NULL.',
  ),
  macro(
    'slice',
    'slice(x array, start bigint, length bigint) → array',
    'length elements from 1-based start (negative counts from the end).',
  ),
  macro(
    'contains',
    'contains(x array, element) → boolean',
    'Whether the array holds element; NULL (not false) when it does not but holds a NULL, or when element is NULL.',
  ),
  macro(
    'array_distinct',
    'array_distinct(x array) → array',
    'The array without repeats, each element where it first occurs (one NULL kept).',
  ),
  macro(
    'array_union',
    'array_union(x array, y array) → array',
    'The distinct elements of x then y, in order of first occurrence.',
  ),
  macro(
    'array_intersect',
    'array_intersect(x array, y array) → array',
    'The distinct elements of x that y also holds, in the order of x.',
  ),
  macro(
    'array_except',
    'array_except(x array, y array) → array',
    'The distinct elements of x that y does not hold, in the order of x.',
  ),
  macro(
    'array_position',
    'array_position(x array, element) → bigint',
    'The 1-based position of the first occurrence of element, or 0 if absent.',
  ),
  macro(
    'array_remove',
    'array_remove(x array, element) → array',
    'The array without any element equal to element.',
  ),
  same(
    'array_sort',
    'array_sort(x array) → array',
    'The array sorted ascending, NULLs last. The form with a comparator lambda is not supported.',
  ),
  renamed(
    'arrays_overlap',
    'list_has_any',
    'arrays_overlap(x array, y array) → boolean',
    'Whether x and y share a non-NULL element.',
  ),
  same('flatten', 'flatten(x array(array)) → array', 'The arrays of x concatenated into one.'),
  renamed(
    'zip',
    'list_zip',
    'zip(array1, array2[, …]) → array(row)',
    'The arrays merged element-wise into rows; shorter arrays are padded with NULLs.',
  ),
  macro(
    'repeat',
    'repeat(element, count bigint) → array',
    'An array of count copies of element (Trino’s meaning; DuckDB’s repeat repeats text).',
  ),
  macro(
    'trim_array',
    'trim_array(x array, n bigint) → array',
    'The array without its last n elements.',
  ),
  macro('array_first', 'array_first(x array) → element', 'The first element, or NULL if empty.'),
  macro('array_last', 'array_last(x array) → element', 'The last element, or NULL if empty.'),
  same('array_agg', 'array_agg(x [ORDER BY …]) → array', 'Aggregate: the values as an array.'),
  renamed(
    'transform',
    'list_transform',
    'transform(x array, e -> expr) → array',
    'The array of expr computed for each element e.',
    { lambda: true },
  ),
  same(
    'filter',
    'filter(x array, e -> condition) → array',
    'The elements for which condition is true, in order.',
    { lambda: true },
  ),
  reshaped(
    'any_match',
    'any_match(x array, e -> condition) → boolean',
    'Whether condition is true for some element; NULL if it is true for none and NULL for some; false for an empty array.',
    { lambda: true },
  ),
  reshaped(
    'all_match',
    'all_match(x array, e -> condition) → boolean',
    'Whether condition is true for every element (true for an empty array); NULL if it is false for none and NULL for some.',
    { lambda: true },
  ),
  reshaped(
    'none_match',
    'none_match(x array, e -> condition) → boolean',
    'Whether condition is true for no element (true for an empty array); NULL if it is true for none and NULL for some.',
    { lambda: true },
  ),
  reshaped(
    'reduce',
    'reduce(x array, initial, (state, e) -> next, state -> result) → value',
    'Folds the array: state starts at initial, becomes next for each element in order, and result is computed from the last state.',
    { lambda: true },
  ),
  reshaped(
    'zip_with',
    'zip_with(x array, y array, (a, b) -> expr) → array',
    'The array of expr over the elements of x and y pairwise; the shorter array is padded with NULLs.',
    { lambda: true },
  ),
  macro(
    'map_agg',
    'map_agg(key, value) → map',
    'Aggregate: a map of each non-NULL key to its value (one value kept when a key repeats).',
  ),
  same('map', 'map(keys array, values array) → map', 'The map of keys[i] to values[i].'),
  same('map_keys', 'map_keys(x map) → array', 'The keys of the map.'),
  same('map_values', 'map_values(x map) → array', 'The values of the map.'),
  same('map_entries', 'map_entries(x map) → array(row)', 'The (key, value) entries of the map.'),
  same('map_from_entries', 'map_from_entries(x array(row)) → map', 'The map of (key, value) rows.'),
  same(
    'map_concat',
    'map_concat(x map, y map[, …]) → map',
    'The union of the maps; a key of a later map wins.',
  ),
  macro(
    'split_to_map',
    'split_to_map(s varchar, entry_delimiter varchar, key_value_delimiter varchar) → map',
    'The map written in s as entries split by entry_delimiter, each a key and value split by key_value_delimiter.',
  ),
  same('histogram', 'histogram(x) → map', 'Aggregate: a map of each value to how often it occurs.'),
  reshaped(
    'map_filter',
    'map_filter(x map, (k, v) -> condition) → map',
    'The map of the entries for which condition is true (not NULL); NULL for a NULL map.',
    { lambda: true },
  ),
  reshaped(
    'transform_values',
    'transform_values(x map, (k, v) -> value) → map',
    'The map of each key to the value computed from its key and value.',
    { lambda: true },
  ),
  reshaped(
    'transform_keys',
    'transform_keys(x map, (k, v) -> key) → map',
    'The map of each value under the key computed from its key and value; a NULL or repeated new key fails.',
    { lambda: true },
  ),
  reshaped(
    'map_zip_with',
    'map_zip_with(x map, y map, (k, v1, v2) -> value) → map',
    'The map of every key of x or y to the value computed from it and its values in x and y (NULL where a map lacks the key); NULL if either map is NULL.',
    { lambda: true },
  ),
  unsupported(
    'multimap_agg',
    'multimap_agg(key, value) → map(K, array(V))',
    'Not supported on Strata yet: group and array_agg the values instead.',
  ),
  unsupported(
    'combinations',
    'combinations(x array, n integer) → array(array)',
    'Not supported on Strata: DuckDB has no list combinations.',
  ),
  unsupported(
    'ngrams',
    'ngrams(x array, n integer) → array(array)',
    'Not supported on Strata: DuckDB has no list n-grams.',
  ),
  unsupported(
    'shuffle',
    'shuffle(x array) → array',
    'Not supported on Strata: DuckDB has no list shuffle.',
  ),
  unsupported(
    'contains_sequence',
    'contains_sequence(x array, seq array) → boolean',
    'Not supported on Strata yet.',
  ),
  unsupported('array_histogram', 'array_histogram(x array) → map', 'Not supported on Strata yet.'),
];

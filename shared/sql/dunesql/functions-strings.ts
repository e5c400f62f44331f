/**
 * Trino's string and regular-expression functions (and the hosted service's varchar helpers).
 * Regular expressions run on DuckDB's RE2: the common syntax is the same as Trino's, but
 * lookaround and backreferences inside a pattern are not supported and fail.
 */
import type { DuneFunction } from './functions';
import { macro, renamed, same, unsupported } from './functions-kit';

/** Characters of a varchar, bytes of a varbinary (typeof is folded when the macro is bound). */
const LEN = `CASE WHEN typeof(x) = 'BLOB' THEN octet_length(TRY_CAST(x AS BLOB)) ELSE length(TRY_CAST(x AS VARCHAR)) END`;

/**
 * Trino's substr on a slice, which DuckDB types like x (text or bytes): 1-based start,
 * negative from the end, empty for start 0, a length below 1 or a start before the beginning.
 */
const substr = (n: string) =>
  `CASE WHEN s = 0 OR ${n} <= 0 THEN x[1:0] ` +
  `WHEN s > 0 THEN x[s : s + ${n} - 1] ` +
  `WHEN ${LEN} + s < 0 THEN x[1:0] ` +
  `ELSE x[${LEN} + s + 1 : ${LEN} + s + ${n}] END`;

const CONCAT_ARITY = 12;
const concatOverloads = Array.from({ length: CONCAT_ARITY }, (_, i) => {
  const args = Array.from({ length: i + 1 }, (_, j) => `a${j + 1}`);
  return `(${args.join(', ')}) AS ${args.length === 1 ? 'a1' : `(${args.join(' || ')})`}`;
});

const CONCAT_WS_OVERLOADS = Array.from({ length: CONCAT_ARITY - 1 }, (_, i) => {
  const args = Array.from({ length: i + 2 }, (_, j) => `a${j + 1}`);
  return `(sep, ${args.join(', ')}) AS concat_ws(sep, ${args.join(', ')})`;
});

/** UTF-8 (RFC 3629) as hex digits: a check that, unlike try(decode(…)), takes any argument. */
const UTF8_HEX = [
  '[0-7][0-9A-F]',
  '(?:C[2-9A-F]|D[0-9A-F])[89AB][0-9A-F]',
  'E0[AB][0-9A-F][89AB][0-9A-F]',
  '(?:E[1-9A-CEF])[89AB][0-9A-F][89AB][0-9A-F]',
  'ED[89][0-9A-F][89AB][0-9A-F]',
  'F0(?:9[0-9A-F]|[AB][0-9A-F])(?:[89AB][0-9A-F]){2}',
  'F[1-3](?:[89AB][0-9A-F]){3}',
  'F48[0-9A-F](?:[89AB][0-9A-F]){2}',
].join('|');

/**
 * Trino replaces bytes that are not UTF-8 (DuckDB fails on them): valid text decodes as is,
 * otherwise each ASCII byte is kept and every other byte replaced.
 */
const fromUtf8 = (replacement: string) =>
  `CASE WHEN regexp_full_match(hex(b), '(?:${UTF8_HEX})*') THEN decode(b)
  ELSE array_to_string(list_transform(regexp_extract_all(hex(b), '..'),
    h -> CASE WHEN CAST('0x' || h AS INTEGER) < 128 THEN chr(CAST('0x' || h AS INTEGER)) ELSE ${replacement} END), '') END`;

const URL_SCHEME = '^[A-Za-z][A-Za-z0-9+.-]*:';
const URL_AUTHORITY = `${URL_SCHEME}//(?:[^@/?#]*@)?`;

export const STRING_MACROS: string[] = [
  `CREATE OR REPLACE MACRO dunesql_replace(s, search) AS replace(s, search, ''),
  (s, search, replacement) AS replace(s, search, replacement)`,
  // The n-th occurrence (from the end when n < 0) is after the first n pieces split by sub.
  `CREATE OR REPLACE MACRO dunesql_strpos(s, sub) AS strpos(s, sub),
  (s, sub, n) AS CASE
  WHEN n = 0 THEN dunesql_raise('strpos: instance must not be zero')
  WHEN (CASE WHEN n > 0 THEN n ELSE len(string_split(s, sub)) + n END) NOT BETWEEN 1 AND len(string_split(s, sub)) - 1 THEN 0
  ELSE length(array_to_string(string_split(s, sub)[1 : CASE WHEN n > 0 THEN n ELSE len(string_split(s, sub)) + n END], sub)) + 1 END`,
  `CREATE OR REPLACE MACRO dunesql_split(s, d) AS string_split(s, d),
  (s, d, lim) AS CASE
  WHEN lim <= 0 THEN dunesql_raise('split: limit must be positive')
  WHEN len(string_split(s, d)) <= lim THEN string_split(s, d)
  ELSE list_append(string_split(s, d)[1 : lim - 1], array_to_string(string_split(s, d)[lim:], d)) END`,
  // DuckDB's concat_ws writes an array as text; Trino joins its elements.
  `CREATE OR REPLACE MACRO dunesql_concat_ws(sep, a1) AS CASE
  WHEN typeof(a1) LIKE '%[]' THEN CASE WHEN sep IS NULL THEN NULL ELSE array_to_string(TRY_CAST(a1 AS VARCHAR[]), sep) END
  ELSE concat_ws(sep, TRY_CAST(a1 AS VARCHAR)) END,
  ${CONCAT_WS_OVERLOADS.join(',\n  ')}`,
  `CREATE OR REPLACE MACRO dunesql_from_utf8(b) AS ${fromUtf8('chr(65533)')},
  (b, replacement) AS ${fromUtf8('replacement')}`,
  `CREATE OR REPLACE MACRO dunesql_length(x) AS CASE
  WHEN typeof(x) IN ('BLOB', 'VARCHAR', '"NULL"') THEN ${LEN}
  ELSE dunesql_raise('length takes a varchar or a varbinary, not ' || typeof(x)) END`,
  `CREATE OR REPLACE MACRO dunesql_substr(x, s) AS ${substr(`${LEN} - s + 1`)},
  (x, s, n) AS ${substr('n')}`,
  // Trino's concat is NULL when an argument is; DuckDB's skips NULLs. || propagates them, on
  // text, varbinary and arrays alike.
  `CREATE OR REPLACE MACRO dunesql_concat${concatOverloads.join(',\n  ')}`,
  `CREATE OR REPLACE MACRO dunesql_split_part(s, d, n) AS CASE
  WHEN n < 1 THEN dunesql_raise('split_part: index must be greater than zero')
  WHEN n > len(string_split(s, d)) THEN NULL ELSE split_part(s, d, n) END`,
  // A Java replacement string for RE2: $n is group n, \\x is x itself.
  `CREATE OR REPLACE MACRO dunesql_java_replacement(r) AS array_to_string(list_transform(
  regexp_extract_all(r, '\\\\[\\s\\S]|\\$[0-9]|\\$|[^\\\\$]+'), t -> CASE
  WHEN t[1] = '\\' THEN CASE WHEN t[2] = '\\' THEN '\\\\' ELSE t[2] END
  WHEN t = '$' THEN dunesql_raise('regexp_replace: illegal group reference in ''' || r || '''')
  WHEN t[1] = '$' THEN '\\' || t[2]
  ELSE t END), '')`,
  `CREATE OR REPLACE MACRO dunesql_regexp_replace(s, p) AS regexp_replace(s, p, '', 'g'),
  (s, p, r) AS regexp_replace(s, p, dunesql_java_replacement(r), 'g')`,
  `CREATE OR REPLACE MACRO dunesql_regexp_extract(s, p) AS CASE WHEN regexp_matches(s, p) THEN regexp_extract(s, p) END,
  (s, p, g) AS CASE WHEN regexp_matches(s, p) THEN regexp_extract(s, p, g) END`,
  `CREATE OR REPLACE MACRO dunesql_regexp_count(s, p) AS len(regexp_extract_all(s, p))`,
  `CREATE OR REPLACE MACRO dunesql_regexp_position(s, p) AS CASE
  WHEN regexp_matches(s, p) THEN length(regexp_extract(s, '^([\\s\\S]*?)(?:' || p || ')', 1)) + 1 ELSE -1 END`,
  `CREATE OR REPLACE MACRO dunesql_initcap(s) AS array_to_string(list_transform(
  regexp_extract_all(s, '[\\pL\\pN]+|[^\\pL\\pN]+'), w -> upper(w[1]) || lower(w[2:])), '')`,
  // Java's URLEncoder, which Trino uses, writes a space as + and keeps * (and escapes ~).
  `CREATE OR REPLACE MACRO dunesql_url_encode(s) AS replace(replace(replace(url_encode(s), '%20', '+'), '%2A', '*'), '~', '%7E')`,
  `CREATE OR REPLACE MACRO dunesql_url_decode(s) AS url_decode(replace(s, '+', ' '))`,
  `CREATE OR REPLACE MACRO dunesql_url_extract_protocol(u) AS nullif(regexp_extract(u, '^([A-Za-z][A-Za-z0-9+.-]*):', 1), '')`,
  `CREATE OR REPLACE MACRO dunesql_url_extract_host(u) AS nullif(regexp_extract(u, '${URL_AUTHORITY}(\\[[^\\]]*\\]|[^:/?#]*)', 1), '')`,
  `CREATE OR REPLACE MACRO dunesql_url_extract_port(u) AS TRY_CAST(nullif(regexp_extract(u, '${URL_AUTHORITY}(?:\\[[^\\]]*\\]|[^:/?#]*):([0-9]+)', 1), '') AS BIGINT)`,
  `CREATE OR REPLACE MACRO dunesql_url_extract_path(u) AS regexp_extract(u, '^(?:${URL_SCHEME.slice(1)}//[^/?#]*)?([^?#]*)', 1)`,
  `CREATE OR REPLACE MACRO dunesql_url_extract_query(u) AS CASE WHEN regexp_matches(u, '^[^#]*\\?') THEN regexp_extract(u, '^[^#]*\\?([^#]*)', 1) END`,
  `CREATE OR REPLACE MACRO dunesql_url_extract_fragment(u) AS CASE WHEN contains(u, '#') THEN regexp_extract(u, '#([\\s\\S]*)$', 1) END`,
  `CREATE OR REPLACE MACRO dunesql_url_extract_parameter(u, name) AS list_extract(list_transform(list_filter(
  string_split(dunesql_url_extract_query(u), '&'), kv -> split_part(kv, '=', 1) = name), kv -> substr(kv, length(name) + 2)), 1)`,
];

export const STRING_FUNCTIONS: DuneFunction[] = [
  macro(
    'length',
    'length(x varchar | varbinary) → bigint',
    'The number of characters of a varchar, or of bytes of a varbinary (20 for an address).',
  ),
  macro(
    'substr',
    'substr(x varchar | varbinary, start bigint[, length bigint]) → same type',
    'length characters (bytes, on a varbinary) of x from 1-based start, or all the rest; a negative start counts from the end. Empty for start 0.',
  ),
  macro(
    'substring',
    'substring(x varchar | varbinary, start bigint[, length bigint]) → same type',
    'The same as substr: 1-based, characters of a varchar, bytes of a varbinary.',
    'dunesql_substr',
  ),
  macro(
    'concat',
    'concat(x1, x2, …) → varchar | varbinary | array',
    'The arguments joined end to end (text, bytes or arrays, as the || operator); NULL if any argument is NULL. Up to 12 arguments.',
  ),
  macro(
    'strpos',
    'strpos(s varchar, substring varchar[, instance bigint]) → bigint',
    'The 1-based position of the first (or instance-th; negative counts from the end) occurrence of substring in s, or 0.',
  ),
  same(
    'reverse',
    'reverse(s varchar) → varchar',
    'The characters of s in reverse order (for bytes, varbinary_reverse).',
  ),
  same(
    'lpad',
    'lpad(s varchar, size bigint, pad varchar) → varchar',
    's padded on the left with pad to size characters, or cut to size.',
  ),
  same(
    'rpad',
    'rpad(s varchar, size bigint, pad varchar) → varchar',
    's padded on the right with pad to size characters, or cut to size.',
  ),
  macro(
    'split',
    'split(s varchar, delimiter varchar[, limit bigint]) → array(varchar)',
    'The pieces of s between occurrences of delimiter (empty pieces kept); with limit, at most limit pieces, the last holding the rest of s.',
  ),
  macro(
    'split_part',
    'split_part(s varchar, delimiter varchar, index bigint) → varchar',
    'The index-th piece (from 1) of s split by delimiter; NULL past the last piece.',
  ),
  macro(
    'replace',
    'replace(s varchar, search varchar[, replacement varchar]) → varchar',
    's with every occurrence of search replaced, or removed without a replacement.',
  ),
  same(
    'translate',
    'translate(s varchar, from varchar, to varchar) → varchar',
    's with each character of from replaced by the character at the same place in to (deleted if to is shorter).',
  ),
  same('trim', 'trim(s varchar) → varchar', 's without leading and trailing whitespace.'),
  same('ltrim', 'ltrim(s varchar) → varchar', 's without leading whitespace.'),
  same('rtrim', 'rtrim(s varchar) → varchar', 's without trailing whitespace.'),
  same('upper', 'upper(s varchar) → varchar', 's in upper case.'),
  same('lower', 'lower(s varchar) → varchar', 's in lower case.'),
  same('left', 'left(s varchar, n bigint) → varchar', 'The first n characters of s.'),
  same('right', 'right(s varchar, n bigint) → varchar', 'The last n characters of s.'),
  macro(
    'initcap',
    'initcap(s varchar) → varchar',
    's with the first letter of each word in upper case and the others in lower case.',
  ),
  macro(
    'concat_ws',
    'concat_ws(separator varchar, s1 varchar, … | array(varchar)) → varchar',
    'The strings (or the elements of the array) joined by separator, skipping NULLs; NULL when separator is. Up to 12 strings.',
  ),
  unsupported(
    'split_to_multimap',
    'split_to_multimap(s varchar, entry_delimiter varchar, key_value_delimiter varchar) → map',
    'Not supported on Strata yet: use split_to_map when keys do not repeat.',
  ),
  same('chr', 'chr(n bigint) → varchar', 'The character of Unicode code point n.'),
  renamed(
    'codepoint',
    'unicode',
    'codepoint(c varchar(1)) → integer',
    'The Unicode code point of the character c.',
  ),
  renamed(
    'levenshtein_distance',
    'levenshtein',
    'levenshtein_distance(s1 varchar, s2 varchar) → bigint',
    'The least number of single-character insertions, deletions and substitutions that turn s1 into s2.',
  ),
  renamed(
    'hamming_distance',
    'hamming',
    'hamming_distance(s1 varchar, s2 varchar) → bigint',
    'The number of positions at which s1 and s2 (of equal length) differ.',
  ),
  same(
    'starts_with',
    'starts_with(s varchar, prefix varchar) → boolean',
    'Whether s begins with prefix.',
  ),
  same(
    'ends_with',
    'ends_with(s varchar, suffix varchar) → boolean',
    'Whether s ends with suffix.',
  ),
  renamed(
    'format',
    'printf',
    'format(format varchar, args…) → varchar',
    'The arguments formatted into a printf-style format (`%s`, `%d`, `%.2f`, `%,d`, `%x`, widths). Unlike Java’s, `%s` needs a varchar argument here: cast numbers with CAST(x AS varchar).',
  ),
  renamed(
    'normalize',
    'nfc_normalize',
    'normalize(s varchar) → varchar',
    's in Unicode normal form NFC (other forms are not supported).',
  ),
  macro(
    'url_encode',
    'url_encode(s varchar) → varchar',
    's escaped for a URL query as Java does: letters, digits and . - * _ kept, a space as +, every other byte as %XX.',
  ),
  macro(
    'url_decode',
    'url_decode(s varchar) → varchar',
    's with its %XX escapes decoded and each + read as a space.',
  ),
  macro(
    'url_extract_protocol',
    'url_extract_protocol(url varchar) → varchar',
    'The scheme of url (`https`), or NULL.',
  ),
  macro('url_extract_host', 'url_extract_host(url varchar) → varchar', 'The host of url, or NULL.'),
  macro(
    'url_extract_port',
    'url_extract_port(url varchar) → bigint',
    'The port written in url, or NULL.',
  ),
  macro('url_extract_path', 'url_extract_path(url varchar) → varchar', 'The path of url.'),
  macro(
    'url_extract_query',
    'url_extract_query(url varchar) → varchar',
    'The query string of url (after `?`), or NULL.',
  ),
  macro(
    'url_extract_fragment',
    'url_extract_fragment(url varchar) → varchar',
    'The fragment of url (after `#`), or NULL.',
  ),
  macro(
    'url_extract_parameter',
    'url_extract_parameter(url varchar, name varchar) → varchar',
    'The value of the first query parameter called name, or NULL (not URL-decoded).',
  ),
  same('uuid', 'uuid() → uuid', 'A random UUID.'),
  renamed(
    'regexp_like',
    'regexp_matches',
    'regexp_like(s varchar, pattern varchar) → boolean',
    'Whether pattern matches somewhere in s (anchor it with ^ and $ to match all of s).',
  ),
  macro(
    'regexp_replace',
    'regexp_replace(s varchar, pattern varchar[, replacement varchar]) → varchar',
    's with every match of pattern replaced by replacement (deleted without one). In replacement, `$1` is the first group and `\\$` a dollar sign. The form taking a lambda is not supported.',
  ),
  macro(
    'regexp_extract',
    'regexp_extract(s varchar, pattern varchar[, group bigint]) → varchar',
    'The first match of pattern in s, or its group-th group; NULL when pattern does not match.',
  ),
  same(
    'regexp_extract_all',
    'regexp_extract_all(s varchar, pattern varchar[, group bigint]) → array(varchar)',
    'Every match of pattern in s (or its group-th group), in order; empty when none.',
  ),
  macro(
    'regexp_count',
    'regexp_count(s varchar, pattern varchar) → bigint',
    'The number of matches of pattern in s.',
  ),
  macro(
    'regexp_position',
    'regexp_position(s varchar, pattern varchar) → bigint',
    'The 1-based position of the first match of pattern in s, or -1.',
  ),
  renamed(
    'regexp_split',
    'string_split_regex',
    'regexp_split(s varchar, pattern varchar) → array(varchar)',
    'The pieces of s between matches of pattern.',
  ),
  unsupported(
    'soundex',
    'soundex(s varchar) → varchar',
    'Not supported on Strata: DuckDB has no soundex.',
  ),
  unsupported(
    'word_stem',
    'word_stem(word varchar[, lang varchar]) → varchar',
    'Not supported on Strata.',
  ),
  unsupported('luhn_check', 'luhn_check(s varchar) → boolean', 'Not supported on Strata.'),
  unsupported('format_number', 'format_number(x bigint) → varchar', 'Not supported on Strata yet.'),
];

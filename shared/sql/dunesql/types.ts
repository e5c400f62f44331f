/**
 * Trino's type syntax where DuneSQL writes a type: `CAST(… AS T)`, `TRY_CAST(… AS T)` and the
 * `uint256 '…'` / `int256 '…'` literals. DuckDB already reads `varbinary` (its BLOB), `real`,
 * `json`, `map(K, V)`, `row(a T, …)` and `timestamp(p)`; the rest is rewritten:
 * `array(T)` → `T[]`, `row(T, …)` (unnamed fields) → `row(field0 T, …)`, `time(p)` and
 * `timestamp(p) with time zone` → without the precision DuckDB does not take, a bare `decimal`
 * → `decimal(38, 0)` (Trino's default; DuckDB's is (18, 3)), `varchar(n)` → cut to n characters
 * as Trino's cast does, and `uint256`/`int256` → BIGNUM. A cast to uint256, int256, varbinary
 * or varchar itself goes through the catalog's macro for it (DUNESQL_CASTS: range checks, and
 * varbinary as `0x…` text), a `TRY_CAST` through its quiet one. And a `TIMESTAMP '…'` literal
 * with a zone is a TIMESTAMPTZ, as in Trino (DuckDB's TIMESTAMP would drop the zone).
 */
import { append, type Edit, prepend, replace } from './edits';
import { DuneSqlError } from './error';
import { DUNESQL_CASTS } from './functions';
import type { Pass } from './pass';
import { type Code, isPunct, isWord, upper } from './tokens';

/** The catalog's macro for a cast to `type` (upper case), if it has one. */
const castMacro = (type: string) =>
  Object.hasOwn(DUNESQL_CASTS, type.toLowerCase())
    ? DUNESQL_CASTS[type.toLowerCase() as keyof typeof DUNESQL_CASTS]
    : undefined;

/** Trino types DuckDB has nothing like: a cast to one fails naming it. */
const UNSUPPORTED = new Set([
  'IPADDRESS',
  'IPPREFIX',
  'HYPERLOGLOG',
  'P4HYPERLOGLOG',
  'KHYPERLOGLOG',
  'SETDIGEST',
  'QDIGEST',
  'TDIGEST',
  'COLOR',
  'GEOMETRY',
  'SPHERICALGEOGRAPHY',
  'BINGTILE',
]);

/** A timestamp literal's text that ends with a zone: an offset or a zone's name. */
const ZONED = /\d:\d\d(?::\d\d(?:\.\d*)?)?\s*(?:[+-]\d\d?(?::?\d\d)?|\s[A-Za-z][\w/+-]*)\s*'$/;

/** The type that starts at token `j`: where it ends (exclusive) and the edits it needs. */
type Parsed = { end: number; edits: Edit[] };

/** Parses one type from token `j`, or returns null when what is there is no type. */
function parseType(c: Code, j: number): Parsed | null {
  const { toks, match } = c;
  const t = toks[j];
  if (!t || (t.kind !== 'word' && t.kind !== 'quoted')) return null;
  const name = upper(t);
  const next = toks[j + 1];
  const edits: Edit[] = [];
  const open = isPunct(next, '(') ? j + 1 : -1;
  const close = open >= 0 ? match[open]! : -1;
  if (open >= 0 && close < 0) return null;

  if (UNSUPPORTED.has(name))
    throw new DuneSqlError(
      `Type '${t.text.toLowerCase()}' is not supported by Strata's DuneSQL`,
      t.start,
      t.end,
    );
  if (name === 'ARRAY' && (open >= 0 || isPunct(next, '<'))) {
    // array(T) and array<T> → T[]
    const inner = parseType(c, j + 2);
    if (!inner) return null;
    const end = open >= 0 ? close : inner.end;
    if (inner.end !== end || (open < 0 && !isPunct(toks[end], '>'))) return null;
    edits.push(
      replace(t.start, next!.end, ''),
      ...inner.edits,
      replace(toks[end]!.start, toks[end]!.end, '[]'),
    );
    return { end: end + 1, edits };
  }
  if ((name === 'MAP' || name === 'ROW') && open >= 0) {
    let k = open + 1;
    for (let field = 0; k < close; field++) {
      let parsed = fieldType(c, k, close);
      if (parsed && name === 'ROW') edits.push(prepend(toks[k]!.start, `field${field} `));
      else if (!parsed && name === 'ROW' && toks[k]!.kind !== 'punct')
        parsed = fieldType(c, k + 1, close); // `name type`
      if (!parsed) return null;
      edits.push(...parsed.edits);
      k = parsed.end + (parsed.end < close ? 1 : 0);
    }
    return { end: close + 1, edits };
  }
  if (name === 'UINT256' || name === 'INT256') {
    edits.push(replace(t.start, t.end, 'BIGNUM'));
    return { end: j + 1, edits };
  }
  if (name === 'DECIMAL' && open < 0) {
    edits.push(append(t.end, '(38, 0)'));
    return { end: j + 1, edits };
  }
  if (name === 'DOUBLE' && isWord(next, 'PRECISION')) return { end: j + 2, edits };
  if (name === 'INTERVAL') {
    // INTERVAL YEAR TO MONTH / DAY TO SECOND: DuckDB reads these as they are.
    let end = j + 1;
    if (isWord(toks[end + 1], 'TO')) end += 3;
    return { end, edits };
  }
  let end = open >= 0 ? close + 1 : j + 1;
  if (name === 'TIME' || name === 'TIMESTAMP') {
    const zone =
      (isWord(toks[end], 'WITH') || isWord(toks[end], 'WITHOUT')) &&
      isWord(toks[end + 1], 'TIME') &&
      isWord(toks[end + 2], 'ZONE');
    // DuckDB takes a precision for a plain timestamp only.
    if (open >= 0 && (zone || name === 'TIME'))
      edits.push(replace(toks[open]!.start, toks[close]!.end, ''));
    if (zone) end += 3;
  }
  return { end, edits };
}

/** The type of a map's or row's field from `k`, if it takes the whole field up to `,` or `)`. */
function fieldType(c: Code, k: number, close: number): Parsed | null {
  const parsed = parseType(c, k);
  return parsed && (parsed.end === close || isPunct(c.toks[parsed.end], ',')) ? parsed : null;
}

/** Rewrites the types of casts and the 256-bit integer literals. */
export function rewriteTypes({ code: c, edits, taken }: Pass): void {
  const { toks, match } = c;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    if (t.kind !== 'word' || taken[i] || isPunct(toks[i - 1], '.')) continue;
    const name = upper(t);
    if ((name === 'UINT256' || name === 'INT256') && toks[i + 1]?.kind === 'string') {
      // uint256 '123': the literal is the cast of its text.
      edits.push(replace(t.start, t.end, `${castMacro(name)!.cast}(`));
      edits.push(append(toks[i + 1]!.end, ')'));
      taken[i] = 1;
      continue;
    }
    if (name === 'TIMESTAMP' && toks[i + 1]?.kind === 'string' && ZONED.test(toks[i + 1]!.text)) {
      // TIMESTAMP '… +02:00' is a timestamp with time zone in Trino; DuckDB would drop the zone.
      edits.push(replace(t.start, t.end, 'TIMESTAMPTZ'));
      taken[i] = 1;
      continue;
    }
    if ((name !== 'CAST' && name !== 'TRY_CAST') || !isPunct(toks[i + 1], '(')) continue;
    const close = match[i + 1]!;
    if (close < 0) continue;
    let as = -1;
    for (let k = i + 2; k < close; k++) {
      if (match[k]! > k) k = match[k]!;
      else if (isWord(toks[k], 'AS')) {
        as = k;
        break;
      }
    }
    if (as < 0) continue;
    taken[i] = 1;
    for (let k = as; k < close; k++) taken[k] = 1;
    const typeName = upper(toks[as + 1]);
    const macro = castMacro(typeName);
    // varchar(n): Trino cuts the value to n characters; DuckDB ignores the length.
    const length =
      typeName === 'VARCHAR' && isPunct(toks[as + 2], '(') && match[as + 2] === close - 1
        ? c.sql.slice(toks[as + 3]!.start, toks[close - 2]!.end)
        : null;
    if (macro && (as + 2 === close || length !== null)) {
      edits.push(replace(t.start, t.end, name === 'CAST' ? macro.cast : macro.tryCast));
      edits.push(replace(toks[as]!.start, toks[close - 1]!.end, ''));
    } else {
      const parsed = parseType(c, as + 1);
      if (!parsed || parsed.end !== close) continue; // DuckDB says what is wrong with it
      edits.push(...parsed.edits);
    }
    if (length !== null) {
      edits.push(prepend(t.start, 'left('));
      edits.push(append(toks[close]!.end, `, ${length})`));
    }
  }
}

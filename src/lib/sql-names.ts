/**
 * Names as SQL writes them, the one quoting rule of the app: a part is written bare when DuckDB
 * (and the service's `columns`, `sort_by` and `filters` grammars) read it back unchanged, a plain
 * identifier that is not a keyword DuckDB reserves, else double-quoted.
 */

/** DuckDB's reserved and type/function-name keywords (`duckdb_keywords()`): never bare names. */
const KEYWORDS = new Set(
  (
    'all analyse analyze and any array as asc asymmetric both case cast check collate column ' +
    'constraint create default deferrable desc describe distinct do else end except false fetch ' +
    'for foreign from group having in initially intersect into lambda lateral leading limit not ' +
    'null offset on only or order pivot pivot_longer pivot_wider placing primary qualify ' +
    'references returning select show some summarize symmetric table then to trailing true union ' +
    'unique unpivot using variadic when where window with ' +
    'anti asof at authorization binary by collation columns concurrently cross freeze full ' +
    'generated glob ilike inner is isnull join left like map natural notnull outer overlaps ' +
    'positional right semi similar struct tablesample try_cast unpack verbose'
  ).split(' '),
);

/** One identifier as SQL must write it. */
export function quoteIdent(name: string): string {
  const bare = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !KEYWORDS.has(name.toLowerCase());
  return bare ? name : `"${name.replace(/"/g, '""')}"`;
}

/** Splits a full name on dots outside double quotes, unquoting its parts. */
export function nameParts(fullName: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < fullName.length; i++) {
    const ch = fullName[i]!;
    if (ch === '"') {
      if (quoted && fullName[i + 1] === '"') {
        current += '"';
        i++;
      } else quoted = !quoted;
    } else if (ch === '.' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  return parts;
}

/** A catalog full name (`dune.alice.my table`) as SQL writes it (`dune.alice."my table"`). */
export const sqlTableName = (fullName: string) => nameParts(fullName).map(quoteIdent).join('.');

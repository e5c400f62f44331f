/**
 * Trino's UNNEST on DuckDB's. DuckDB's UNNEST table function takes one list and gives one
 * column; a struct unnested in a select list gives its fields as columns. Trino's gives:
 * - `UNNEST(rows) AS t(a, b)`: one column per field of an array of rows, when the alias names
 *   more columns than there are arrays;
 * - `UNNEST(a, b) AS t(x, y)`: one column per array, side by side, the shorter padded with
 *   NULLs (zipped into rows here: list_zip);
 * - `UNNEST(m) AS t(k, v)`: two columns, key and value, a row per entry of a map (its entries
 *   here: map_entries), also beside arrays.
 * So the table becomes `(SELECT unnest(u.r) FROM UNNEST(rows) AS u(r)) AS t(a, b)`, with the
 * original UNNEST (and WITH ORDINALITY) left in place: DuckDB joins it laterally as before.
 *
 * Which arguments are maps the rewrite reads from the SQL, not from types it does not know: a
 * call of a function that returns a map (map_agg, histogram, map_filter, … as the catalog's
 * signatures say) or a cast to a map. An argument that is a column holding a map is read as an
 * array: DuckDB refuses it (UNNEST(map_entries(m)) unnests any map).
 */
import { append, type Edit, prepend } from './edits';
import { duneFunctions } from './functions';
import type { Pass } from './pass';
import { argsOf, type Code, isPunct, isWord, upper } from './tokens';

const U = '__dunesql_unnest';

/** The functions whose result is a map, by the catalog's signatures (lazily: one look). */
let mapFunctions: Set<string> | undefined;
const returnsMap = (name: string) =>
  (mapFunctions ??= new Set(
    duneFunctions()
      .filter((f) => /→ map\b/.test(f.signature))
      .map((f) => f.name.toUpperCase()),
  )).has(name);

/** Whether the argument [first, last] is written as a map: a map-valued call or cast. */
function isMap(c: Code, [first, last]: [number, number]): boolean {
  const { toks, match } = c;
  const open = first + 1;
  if (!isPunct(toks[open], '(') || match[open] !== last) return false;
  const name = upper(toks[first]);
  if (name === 'CAST' || name === 'TRY_CAST') {
    // CAST(… AS map(…)): the type is the cast's last words.
    for (let k = open + 1; k < last; k++) {
      if (match[k]! > k) k = match[k]!;
      else if (isWord(toks[k], 'AS'))
        return isWord(toks[k + 1], 'MAP') && isPunct(toks[k + 2], '(') && match[k + 2] === last - 1;
    }
    return false;
  }
  return !isPunct(toks[first - 1], '.') && returnsMap(name);
}

export function rewriteUnnest({ code: c, edits, taken }: Pass): void {
  const { toks, match } = c;
  for (let i = 0; i < toks.length; i++) {
    if (taken[i] || !isWord(toks[i], 'UNNEST') || !isPunct(toks[i + 1], '(')) continue;
    if (isPunct(toks[i - 1], '.')) continue;
    const close = match[i + 1]!;
    if (close < 0) continue;
    let k = close + 1;
    const ordinality = isWord(toks[k], 'WITH') && isWord(toks[k + 1], 'ORDINALITY');
    const end = ordinality ? k + 1 : close;
    k = end + 1;
    if (isWord(toks[k], 'AS')) k++;
    const alias = toks[k];
    const named = !!alias && (alias.kind === 'word' || alias.kind === 'quoted');
    const names = named && isPunct(toks[k + 1], '(') ? argsOf(c, k + 1).length : 0;
    const args = argsOf(c, i + 1);
    const maps = args.map((a) => isMap(c, a));
    const mapEdits: Edit[] = [];
    args.forEach(([first, last], n) => {
      if (maps[n])
        mapEdits.push(prepend(toks[first]!.start, 'map_entries('), append(toks[last]!.end, ')'));
    });
    let row: string;
    if (args.length > 1) {
      // Several arrays side by side, the shorter ones padded with NULLs: zipped into rows, each
      // a column, a map's entry two (its key and value).
      edits.push(append(toks[i + 1]!.end, 'list_zip('), prepend(toks[close]!.start, ')'));
      row = maps.some(Boolean)
        ? maps.map((m, n) => (m ? `unnest(${U}.r[${n + 1}])` : `${U}.r[${n + 1}]`)).join(', ')
        : `unnest(${U}.r)`;
    } else if (maps[0] || names > 1 + (ordinality ? 1 : 0)) row = `unnest(${U}.r)`;
    else continue;
    edits.push(
      ...mapEdits,
      prepend(toks[i]!.start, `(SELECT ${row}${ordinality ? `, ${U}.n` : ''} FROM `),
      append(toks[end]!.end, ` AS ${U}(r${ordinality ? ', n' : ''}))`),
    );
  }
}

/**
 * `UNNEST(rows) AS t(a, b)`: Trino unnests an array of rows into one column per field when the
 * alias names more columns than there are arrays; and `UNNEST(a, b) AS t(x, y)` into one column
 * per array, side by side (DuckDB's UNNEST takes one list: the arrays are zipped into rows). DuckDB's UNNEST table function gives
 * one struct column; a struct unnested in a select list gives its fields as columns. So the
 * table becomes `(SELECT unnest(u.r) FROM UNNEST(rows) AS u(r)) AS t(a, b)`, with the original
 * UNNEST (and WITH ORDINALITY) left in place: DuckDB joins it laterally as before.
 */
import { append, prepend } from './edits';
import type { Pass } from './pass';
import { argsOf, isPunct, isWord } from './tokens';

const U = '__dunesql_unnest';

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
    if (!alias || (alias.kind !== 'word' && alias.kind !== 'quoted')) continue;
    if (!isPunct(toks[k + 1], '(')) continue;
    const names = argsOf(c, k + 1).length;
    const arrays = argsOf(c, i + 1).length;
    if (arrays > 1) {
      // Several arrays side by side, the shorter ones padded with NULLs: zipped into rows.
      edits.push(append(toks[i + 1]!.end, 'list_zip('), prepend(toks[close]!.start, ')'));
    } else if (names <= 1 + (ordinality ? 1 : 0)) continue;
    edits.push(
      prepend(toks[i]!.start, `(SELECT unnest(${U}.r)${ordinality ? `, ${U}.n` : ''} FROM `),
      append(toks[end]!.end, ` AS ${U}(r${ordinality ? ', n' : ''}))`),
    );
  }
}

/**
 * DuneSQL's function calls on DuckDB, as the catalog (./functions) says each runs: left as
 * written, renamed to a DuckDB built-in or a `dunesql_*` macro, reshaped here, or refused with
 * an error naming the function. And lambdas (`x -> …`) only as arguments of functions that
 * take them, as in Trino (DuckDB would read `->` elsewhere as its JSON operator).
 */
import { append, type Edit, type Part, prepend, replace } from './edits';
import { DuneSqlError } from './error';
import { type DuneFunction, duneFunction } from './functions';
import { mapLambda, reduce, zipWith } from './lambdas';
import { endsOperand } from './names';
import type { Pass } from './pass';
import { argsOf, type Code, isArrow, isPunct, isWord } from './tokens';

/** A call of a function DuneSQL has and Strata does not run, for the editor's markers. */
export type UnsupportedCall = { name: string; start: number; end: number; message: string };

/** Functions whose calls this module reshapes, and that take a lambda. */
const RESHAPES_WITH_LAMBDA = new Set([
  'reduce',
  'zip_with',
  'any_match',
  'all_match',
  'none_match',
]);

/** The error for a call of an unsupported function: the catalog's doc says why, or what instead. */
const unsupportedMessage = (name: string, fn: DuneFunction) => {
  const why = fn.doc.replace(/^Not supported[^:]*:\s*/i, '').replace(/\.$/, '');
  return `Function '${name}' is not supported by Strata's DuneSQL (${why})`;
};

/** Whether the word at `i` names a function called there, and which one. */
function calledAt(c: Code, i: number): DuneFunction | undefined {
  const { toks } = c;
  const t = toks[i]!;
  if (t.kind !== 'word' || !isPunct(toks[i + 1], '(')) return undefined;
  const prev = toks[i - 1];
  // `x.f(` is a column's field or a schema's function; after an operand it is syntax
  // (`count(*) FILTER (…)`); after FROM or JOIN a table function.
  if (isPunct(prev, '.') || (prev && endsOperand(c, i - 1))) return undefined;
  if (isWord(prev, 'FROM') || isWord(prev, 'JOIN') || isWord(prev, 'LATERAL')) return undefined;
  return duneFunction(t.text);
}

/** The calls of unsupported DuneSQL functions in `c`, in order. */
export function findUnsupported(c: Code): UnsupportedCall[] {
  const found: UnsupportedCall[] = [];
  c.toks.forEach((t, i) => {
    const fn = calledAt(c, i);
    if (fn?.run.kind === 'unsupported')
      found.push({
        name: t.text,
        start: t.start,
        end: t.end,
        message: unsupportedMessage(t.text, fn),
      });
  });
  return found;
}

/** The text range [start, end) of tokens first..last. */
const span = (c: Code, [first, last]: [number, number]) => ({
  from: c.toks[first]!.start,
  to: c.toks[last]!.end,
});

/** greatest/least: NULL when any argument is NULL, as in Trino (DuckDB skips NULLs). */
function nullIfAnyNull(c: Code, i: number): Edit[] {
  const args = argsOf(c, i + 1);
  if (args.length < 2) return [];
  const parts: Part[] = ['CASE WHEN '];
  args.forEach((arg, k) => parts.push(k ? ') IS NULL OR (' : '(', span(c, arg)));
  parts.push(') IS NULL THEN NULL ELSE ');
  return [prepend(c.toks[i]!.start, ...parts), append(c.toks[c.match[i + 1]!]!.end, ' END')];
}

/**
 * The substring functions whose calls with a start (and a length) written as positive integers
 * become a slice. DuckDB pastes a macro's argument into every place its body names it, so
 * `varbinary_to_uint256(varbinary_substring(data, 37, 32))` through the substring macro binds
 * its four copies of `data` for each place the outer macro names its argument. With such
 * bounds Trino's answer is the slice `x[s : s + n - 1]` (`x[s:]` without a length): empty past
 * the end, shortened at it, NULL on NULL, as the macros' own branch for a positive start.
 * varbinary_substring keeps its type check (dunesql_varbinary_substring_arg, which names its
 * argument in a branch folded away when bound); substr, on varchar or varbinary, has none.
 */
const SLICES: Record<string, (x: Part, bounds: string) => Part[]> = {
  varbinary_substring: (x, bounds) => ['dunesql_varbinary_substring_arg(', x, `)[${bounds}]`],
  bytearray_substring: (x, bounds) => ['dunesql_varbinary_substring_arg(', x, `)[${bounds}]`],
  substr: (x, bounds) => ['(', x, `)[${bounds}]`],
  substring: (x, bounds) => ['(', x, `)[${bounds}]`],
};

/** The largest start or length read as a slice bound (beyond, the macro handles the call). */
const MAX_BOUND = 2 ** 31;

/** The value of an argument written as one positive integer literal, else null. */
function positiveLiteral(c: Code, [first, last]: [number, number]): number | null {
  const t = c.toks[first]!;
  if (first !== last || t.kind !== 'number' || !/^[0-9]+$/.test(t.text)) return null;
  const n = Number(t.text);
  return n >= 1 && n <= MAX_BOUND ? n : null;
}

/** A substring call with literal positive bounds as a slice (SLICES), else no edits. */
function slice(c: Code, i: number, name: string): Edit[] {
  const shape = SLICES[name];
  if (!shape || c.match[i + 1]! < 0) return [];
  const args = argsOf(c, i + 1);
  if (args.length < 2 || args.length > 3) return [];
  const [start, length] = args.slice(1).map((a) => positiveLiteral(c, a));
  if (start == null || length === null) return [];
  const bounds = `${start}:${length === undefined ? '' : start + length - 1}`;
  const close = c.toks[c.match[i + 1]!]!;
  return [replace(c.toks[i]!.start, close.end, ...shape(span(c, args[0]!), bounds))];
}

/**
 * any_match(a, f) → dunesql_any_match(list_transform(a, f)), and all_match, none_match: the
 * catalog's macro gives Trino's three-valued answer over the booleans f gives.
 */
function matches(c: Code, i: number, name: string): Edit[] {
  if (argsOf(c, i + 1).length !== 2) return [];
  const t = c.toks[i]!;
  return [
    replace(t.start, t.end, `dunesql_${name}(list_transform`),
    append(c.toks[c.match[i + 1]!]!.end, ')'),
  ];
}

/**
 * The SQL-standard form of a call (`substring(x FROM 2 FOR 3)`) as plain arguments
 * (`x, 2, 3`), for a function that runs under another name: only the built-in reads the words.
 */
function standardForm(c: Code, i: number): Edit[] {
  const { toks, match } = c;
  const close = match[i + 1]!;
  const edits: Edit[] = [];
  for (let k = i + 2; k < close; k++) {
    if (match[k]! > k) k = match[k]!;
    else if (isWord(toks[k], 'FROM') || isWord(toks[k], 'FOR'))
      edits.push(replace(toks[k]!.start, toks[k]!.end, ','));
  }
  return edits;
}

/** Refuses lambdas outside the arguments of functions that take them. */
function checkLambdas(c: Code): void {
  const { toks, match, encl } = c;
  for (let a = 1; a < toks.length; a++) {
    if (!isArrow(c, a)) continue;
    let start = a - 1;
    if (isPunct(toks[start], ')')) start = match[start]!;
    const open = start >= 0 ? encl[start]! : -1;
    const prev = toks[start - 1];
    const direct =
      open >= 0 &&
      isPunct(toks[open], '(') &&
      (start - 1 === open || (isPunct(prev, ',') && encl[start - 1] === open));
    const name = direct ? toks[open - 1] : undefined;
    const fn =
      name?.kind === 'word' && !isPunct(toks[open - 2], '.') ? duneFunction(name.text) : null;
    const lambdaTaking = !fn || !!fn.lambda || RESHAPES_WITH_LAMBDA.has(fn.name);
    if (direct && fn !== null && lambdaTaking) continue;
    const where = toks[Math.max(start, 0)]!;
    throw new DuneSqlError(
      fn
        ? `Function '${name!.text}' does not take a lambda expression`
        : 'A lambda expression is only allowed as an argument of a function that takes one',
      where.start,
      toks[a + 1]!.end,
    );
  }
}

/**
 * listagg(x[, separator] [ON OVERFLOW …]) WITHIN GROUP (ORDER BY …) → string_agg(x, separator
 * ORDER BY …), DuckDB's form of the same aggregate ('' when no separator is given, as in Trino;
 * DuckDB's default is ','). ON OVERFLOW is dropped: Trino's limit (1 MB) is not DuckDB's, which
 * has none. FILTER (WHERE …) after it stays as it is.
 */
function listagg(c: Code, i: number): Edit[] {
  const { toks, match } = c;
  const close = match[i + 1]!;
  const edits: Edit[] = [replace(toks[i]!.start, toks[i]!.end, 'string_agg')];
  const args = argsOf(c, i + 1);
  if (!args.length) return edits; // DuckDB will say
  let last = args.at(-1)![1];
  const overflow = toks.findIndex((t, k) => k > i + 1 && k < close && isWord(t, 'ON'));
  if (overflow > 0 && isWord(toks[overflow + 1], 'OVERFLOW')) {
    last = overflow - 1;
    edits.push(replace(toks[last]!.end, toks[close - 1]!.end));
  }
  if (args.length === 1) edits.push(append(toks[last]!.end, ", ''"));
  // `) WITHIN GROUP (ORDER BY …)` → ` ORDER BY …)`
  const order = close + 3;
  if (
    isWord(toks[close + 1], 'WITHIN') &&
    isWord(toks[close + 2], 'GROUP') &&
    isPunct(toks[order], '(') &&
    match[order]! > order + 1 &&
    isWord(toks[order + 1], 'ORDER')
  )
    edits.push(
      replace(
        toks[close]!.start,
        toks[match[order]!]!.end,
        ' ',
        { from: toks[order + 1]!.start, to: toks[match[order]! - 1]!.end },
        ')',
      ),
    );
  return edits;
}

/** The edits of a call the catalog says this module reshapes. */
function reshape(c: Code, i: number, name: string, taken: Uint8Array): Edit[] {
  if (c.match[i + 1]! < 0) return []; // unbalanced: DuckDB will say
  switch (name) {
    case 'greatest':
    case 'least':
      return nullIfAnyNull(c, i);
    case 'reduce':
      return reduce(c, i);
    case 'zip_with':
      return zipWith(c, i, taken);
    case 'map_filter':
    case 'transform_values':
    case 'transform_keys':
    case 'map_zip_with':
      return mapLambda(c, i, name, taken);
    case 'any_match':
    case 'all_match':
    case 'none_match':
      return matches(c, i, name);
    case 'listagg':
      return listagg(c, i);
    default:
      throw new Error(`the catalog says ${name} is reshaped, and the rewrite has no shape for it`);
  }
}

/**
 * How deep calls of Strata's macros may nest. DuckDB pastes a macro's argument into each place
 * its body names it, so binding grows about threefold with every level (10 nested
 * varbinary_ltrim calls bind in seconds, 14 in minutes); real queries nest two or three.
 */
export const MAX_MACRO_NESTING = 8;

/** How many macro calls enclose the call at `i`, itself included. */
function macroDepth(c: Code, i: number): number {
  let depth = 1;
  for (let open = c.encl[i]!; open >= 0; open = c.encl[open]!)
    if (calledAt(c, open - 1)?.run.kind === 'macro') depth++;
  return depth;
}

/** Renames, reshapes or refuses every call of a DuneSQL function. */
export function rewriteCalls({ code: c, edits, taken }: Pass): void {
  checkLambdas(c);
  c.toks.forEach((t, i) => {
    if (taken[i]) return;
    const fn = calledAt(c, i);
    if (!fn) return;
    switch (fn.run.kind) {
      case 'same':
        return;
      case 'rename':
      case 'macro': {
        if (fn.run.kind === 'macro' && macroDepth(c, i) > MAX_MACRO_NESTING)
          throw new DuneSqlError(
            `Calls of DuneSQL functions nest more than ${MAX_MACRO_NESTING} deep at '${t.text}': Strata runs them as macros whose cost grows with each level; compute inner values in a subquery or CTE`,
            t.start,
            t.end,
          );
        const sliced = slice(c, i, fn.name);
        if (sliced.length) edits.push(...sliced);
        else edits.push(replace(t.start, t.end, fn.run.to), ...standardForm(c, i));
        break;
      }
      case 'unsupported':
        throw new DuneSqlError(unsupportedMessage(t.text, fn), t.start, t.end);
      case 'reshape':
        edits.push(...reshape(c, i, fn.name, taken));
    }
    taken[i] = 1;
  });
}

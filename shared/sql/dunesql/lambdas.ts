/**
 * Trino's lambda-taking functions DuckDB has no form of: the rewrite reshapes each call into
 * DuckDB's list lambdas, which take one element (and an index). A Trino lambda of several
 * parameters becomes a lambda of one struct or row, `__dunesql_e<n>`, and each use of a
 * parameter in its body the field that holds it (`(k, v) -> v > 1` over a map's entries
 * becomes `__dunesql_e7 -> __dunesql_e7.value > 1`). The entry is named after the call's place
 * in the text, so a reshaped call inside another's lambda does not hide the outer one's.
 */
import { identName } from '../lexer';
import { type Edit, type Part, replace } from './edits';
import { DuneSqlError } from './error';
import { argsOf, type Code, isArrow, isPunct, upper } from './tokens';

/** A lambda: its parameters' token indexes and its body's first and last tokens. */
export type Lambda = { params: number[]; body: [number, number] };

/** The lambda in [first, last] (`x -> …`, `(s, x) -> …`), or null when it is none. */
export function lambdaOf(c: Code, [first, last]: [number, number]): Lambda | null {
  const { toks } = c;
  let arrow = first + 1;
  const params: number[] = [];
  if (isPunct(toks[first], '(')) {
    arrow = c.match[first]! + 1;
    for (let k = first + 1; k < arrow - 1; k += 2) params.push(k);
  } else params.push(first);
  if (!isArrow(c, arrow) || arrow + 2 > last) return null;
  return { params, body: [arrow + 2, last] };
}

/** The text range [start, end) of tokens first..last. */
const span = (c: Code, [first, last]: [number, number]) => ({
  from: c.toks[first]!.start,
  to: c.toks[last]!.end,
});

/** A parameter's name as Trino compares names: quotes removed, any case. */
const nameOf = (c: Code, k: number) => identName(c.toks[k]!).toLowerCase();

/**
 * The lambda starting at token `k`, inside a body that ends at `last`: it runs to the end of
 * its argument (the next comma of the call it is an argument of, or the call's end).
 */
function lambdaAt(c: Code, k: number, last: number): Lambda | null {
  const { toks, match, encl } = c;
  const t = toks[k]!;
  let arrow: number;
  if (isPunct(t, '(') && match[k]! > k) arrow = match[k]! + 1;
  else if (t.kind === 'word' || t.kind === 'quoted') arrow = k + 1;
  else return null;
  if (!isArrow(c, arrow)) return null;
  const open = encl[k]!;
  let end = arrow + 2;
  for (; end <= last; end++) {
    const u = toks[end]!;
    if (open >= 0 && end === match[open]) break;
    if (isPunct(u, ',') && encl[end] === open) break;
    if ((isPunct(u, '(') || isPunct(u, '[')) && match[end]! > end) end = match[end]!;
  }
  return lambdaOf(c, [k, end - 1]);
}

/**
 * Edits that write `values[i]` for each use of the lambda's i-th parameter in its body. A use
 * is the parameter's name, quoted or not, in any case (Trino's names ignore case), that is not
 * a field (`t.k`), a call (`k(…)`), a word of a cast's type (taken by the types step), or inside
 * a nested lambda that declares the same name (there the name is the nested lambda's).
 */
export function bindParams(c: Code, lambda: Lambda, values: string[], taken: Uint8Array): Edit[] {
  const { toks } = c;
  const edits: Edit[] = [];
  const visit = ([first, last]: [number, number], names: (string | null)[]) => {
    for (let k = first; k <= last; k++) {
      const nested = lambdaAt(c, k, last);
      if (nested) {
        const shadowed = new Set(nested.params.map((p) => nameOf(c, p)));
        visit(
          nested.body,
          names.map((n) => (n !== null && shadowed.has(n) ? null : n)),
        );
        k = nested.body[1];
        continue;
      }
      const t = toks[k]!;
      if ((t.kind !== 'word' && t.kind !== 'quoted') || taken[k]) continue;
      if (isPunct(toks[k - 1], '.') || isPunct(toks[k + 1], '(')) continue;
      const which = names.indexOf(nameOf(c, k));
      if (which < 0) continue;
      edits.push(replace(t.start, t.end, values[which]!));
      taken[k] = 1;
    }
  };
  visit(
    lambda.body,
    lambda.params.map((p) => nameOf(c, p)),
  );
  return edits;
}

/** The call at `i` as the lambda-taking function `name` with `arity` arguments, the last a lambda of `params` parameters. */
function lambdaCall(
  c: Code,
  i: number,
  name: string,
  arity: number,
  params: number,
  shape: string,
) {
  const args = argsOf(c, i + 1);
  const lambda = args.length === arity ? lambdaOf(c, args[arity - 1]!) : null;
  if (!lambda || lambda.params.length !== params) {
    const t = c.toks[i]!;
    throw new DuneSqlError(
      `Function '${t.text}' takes ${shape}`,
      t.start,
      c.toks[c.match[i + 1]!]!.end,
    );
  }
  return { args: args.map((a) => span(c, a)), lambda };
}

/** Replaces the whole call at `i` with `parts`. */
const replaceCall = (c: Code, i: number, parts: Part[]) =>
  replace(c.toks[i]!.start, c.toks[c.match[i + 1]!]!.end, ...parts);

/** reduce(array, initial, (s, x) -> …, s -> …) → list_reduce(array, (s, x) -> …, initial). */
export function reduce(c: Code, i: number): Edit[] {
  const args = argsOf(c, i + 1);
  if (args.length !== 4) return [];
  const [array, initial, step, output] = args.map((a) => span(c, a)) as [Part, Part, Part, Part];
  const reduced: Part[] = ['list_reduce(', array, ', ', step, ', ', initial, ')'];
  const out = lambdaOf(c, args[3]!);
  // `s -> s`, the usual output function, needs no call.
  const param = out?.params.length === 1 ? upper(c.toks[out.params[0]!]) : '';
  const identity =
    !!out && out.body[0] === out.body[1] && !!param && param === upper(c.toks[out.body[0]]);
  const parts: Part[] = identity
    ? reduced
    : ['list_transform([', ...reduced, '], ', output, ')[1]'];
  return [replaceCall(c, i, parts)];
}

/** zip_with(a, b, (x, y) -> …) → list_transform(list_zip(a, b), p -> … p[1] … p[2] …). */
export function zipWith(c: Code, i: number, taken: Uint8Array): Edit[] {
  const args = argsOf(c, i + 1);
  if (args.length !== 3) return [];
  const lambda = lambdaOf(c, args[2]!);
  if (!lambda || lambda.params.length !== 2) return [];
  const pair = `__dunesql_e${i}`;
  return [
    ...bindParams(c, lambda, [`${pair}[1]`, `${pair}[2]`], taken),
    replaceCall(c, i, [
      'list_transform(list_zip(',
      span(c, args[0]!),
      ', ',
      span(c, args[1]!),
      `), ${pair} -> `,
      span(c, lambda.body),
      ')',
    ]),
  ];
}

/**
 * Trino's lambdas over maps, on the map's entries (DuckDB's map_entries: structs of key and
 * value) with DuckDB's list lambdas, made a map again by map_from_entries:
 * - map_filter(m, (k, v) -> c): the entries for which c is true (not NULL);
 * - transform_values(m, (k, v) -> x): each key with x as its value;
 * - transform_keys(m, (k, v) -> x): x as the key of each value; a NULL or repeated key fails,
 *   as in Trino, with Trino's words (dunesql_map_from_new_keys);
 * - map_zip_with(m1, m2, (k, v1, v2) -> x): every key of either map (those of m1 first) with
 *   x over its values in both, NULL where a map lacks it (dunesql_map_zip).
 * A NULL map gives NULL.
 */
export function mapLambda(c: Code, i: number, name: string, taken: Uint8Array): Edit[] {
  const e = `__dunesql_e${i}`;
  const entry = [`${e}.key`, `${e}.value`];
  if (name === 'map_zip_with') {
    const { args, lambda } = lambdaCall(c, i, name, 3, 3, 'two maps and a lambda (k, v1, v2) -> …');
    const body = span(c, lambda.body);
    return [
      ...bindParams(c, lambda, [`${e}.key`, `${e}.value1`, `${e}.value2`], taken),
      replaceCall(c, i, [
        'map_from_entries(list_transform(dunesql_map_zip(',
        args[0]!,
        ', ',
        args[1]!,
        `), ${e} -> {'key': ${e}.key, 'value': `,
        body,
        '}))',
      ]),
    ];
  }
  const { args, lambda } = lambdaCall(c, i, name, 2, 2, 'a map and a lambda (k, v) -> …');
  const edits = bindParams(c, lambda, entry, taken);
  const map = args[0]!;
  const body = span(c, lambda.body);
  const entries = (fn: string, ...mapped: Part[]): Part[] => [
    `${fn}(map_entries(`,
    map,
    `), ${e} -> `,
    ...mapped,
    ')',
  ];
  switch (name) {
    case 'map_filter':
      edits.push(replaceCall(c, i, ['map_from_entries(', ...entries('list_filter', body), ')']));
      break;
    case 'transform_values':
      edits.push(
        replaceCall(c, i, [
          'map_from_entries(',
          ...entries('list_transform', `{'key': ${e}.key, 'value': `, body, '}'),
          ')',
        ]),
      );
      break;
    case 'transform_keys':
      edits.push(
        replaceCall(c, i, [
          'dunesql_map_from_new_keys(',
          ...entries('list_transform', `{'key': `, body, `, 'value': ${e}.value}`),
          ')',
        ]),
      );
      break;
    default:
      throw new Error(`no map lambda shape for ${name}`);
  }
  return edits;
}

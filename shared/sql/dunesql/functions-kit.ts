/**
 * How the catalog's families (functions-*.ts) write their entries: one constructor per way a
 * call runs (DuneRun), so an entry reads as name, signature, doc. The types live in
 * functions.ts, the one module the rest of Strata imports.
 */
import type { DuneFunction } from './functions';

type Extra = { lambda?: boolean };

/** DuckDB has it under the same name with the same meaning. */
export const same = (
  name: string,
  signature: string,
  doc: string,
  extra?: Extra,
): DuneFunction => ({
  name,
  signature,
  doc,
  run: { kind: 'same' },
  ...extra,
});

/** A DuckDB built-in of another name, same arguments in the same order. */
export const renamed = (
  name: string,
  to: string,
  signature: string,
  doc: string,
  extra?: Extra,
): DuneFunction => ({ name, signature, doc, run: { kind: 'rename', to }, ...extra });

/** A Strata macro, `dunesql_<name>` unless another name is given (aliases share one). */
export const macro = (
  name: string,
  signature: string,
  doc: string,
  to = `dunesql_${name}`,
): DuneFunction => ({ name, signature, doc, run: { kind: 'macro', to } });

/** Rewritten by the rewrite (rewrite.ts) into DuckDB SQL of another shape. */
export const reshaped = (
  name: string,
  signature: string,
  doc: string,
  extra?: Extra,
): DuneFunction => ({ name, signature, doc, run: { kind: 'reshape' }, ...extra });

/** Known to DuneSQL, not run by Strata: `doc` says why. */
export const unsupported = (
  name: string,
  signature: string,
  doc: string,
  extra?: Extra,
): DuneFunction => ({ name, signature, doc, run: { kind: 'unsupported' }, ...extra });

/**
 * How the macros fail: DuckDB's error(), called inside a lambda. TRY refuses an expression
 * holding a volatile function, and error() is one, but it does not look into lambdas: so a
 * DuneSQL `try(varbinary_to_uint256(…))` is NULL where Trino's is, while error() keeps its
 * message ("Invalid Input Error: <words>") and is never folded into a plan-time failure.
 */
export const RAISE_MACRO = `CREATE OR REPLACE MACRO dunesql_raise(words) AS list_transform([words], w -> error(w))[1]`;

/**
 * The body of a macro over varbinary arguments, guarded: DuckDB would otherwise read a varchar
 * argument as its characters' bytes and answer silently. `typeof` is folded when the macro is
 * bound, so on varbinary arguments the guard and the casts cost nothing, and on anything else
 * the call fails naming the function. `body` gets each argument as a BLOB expression.
 */
export function varbinaryOnly(fn: string, args: string[], body: (...blobs: string[]) => string) {
  const ok = args.map((a) => `typeof(${a}) IN ('BLOB', '"NULL"')`).join(' AND ');
  const bad = args.map((a) => `typeof(${a})`).join(` || ', ' || `);
  return (
    `CASE WHEN ${ok} THEN ${body(...args.map((a) => `TRY_CAST(${a} AS BLOB)`))} ` +
    `ELSE dunesql_raise('${fn} takes varbinary arguments, not ' || ${bad}) END`
  );
}

/** A macro's name: a word, or an operator's quoted (`"//"`). */
const MACRO_NAME = /^CREATE OR REPLACE MACRO (\w+|"[^"]+")/;

/**
 * The statements in an order DuckDB accepts: it resolves the functions a macro calls when the
 * macro is created, so a macro comes after the `dunesql_*` macros it uses.
 */
export function orderMacros(statements: readonly string[]): string[] {
  const byName = new Map<string, string>();
  for (const s of statements) {
    const name = MACRO_NAME.exec(s)?.[1];
    if (!name) throw new Error(`not a CREATE OR REPLACE MACRO statement: ${s.slice(0, 60)}`);
    if (byName.has(name)) throw new Error(`macro ${name} is defined twice`);
    byName.set(name, s);
  }
  const ordered: string[] = [];
  const done = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (done.has(name)) return;
    if (path.includes(name))
      throw new Error(`macros call each other: ${[...path, name].join(' → ')}`);
    const s = byName.get(name)!;
    for (const [, used] of s.matchAll(/\b(dunesql_\w+)\s*\(/g)) {
      if (used !== name && byName.has(used!)) visit(used!, [...path, name]);
    }
    done.add(name);
    ordered.push(s);
  };
  for (const name of byName.keys()) visit(name, []);
  return ordered;
}

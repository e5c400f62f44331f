import type { Dialect } from '../../../contract/rules/enums';
import { type DuneFunction, duneFunctions } from '../../../shared/sql/dunesql/functions';
import { DUCKDB_FUNCTIONS, type SqlFunction } from './duckdb-functions';

/** A function as the editor offers and documents it, whatever dialect it comes from. */
export type EditorFunction = {
  /** Lower case. */
  name: string;
  /** `name(args)`, and `→ type` where the dialect's catalog gives it. */
  signature: string;
  doc: string;
  /** A Monaco snippet: `name($0)`, or a placeholder per argument and a lambda to fill in. */
  insertText: string;
  /** Known to the dialect and not run by Strata (the run would refuse it). */
  unsupported: boolean;
};

/** Where the argument list of a signature closes (its `(` is at `open`). */
function closeOf(signature: string, open: number): number {
  let depth = 0;
  for (let i = open; i < signature.length; i++) {
    if (signature[i] === '(') depth++;
    else if (signature[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

/** The arguments of a signature's list, split at its own commas; optional `[, …]` ones left out. */
function argumentsOf(list: string): string[] {
  const args: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of list) {
    if (ch === '[' || ch === '(') depth++;
    if (ch === ']' || ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      args.push(current);
      current = '';
    } else current += ch;
  }
  args.push(current);
  // `[, length bigint]` is an optional argument: the snippet writes only the required ones.
  return args.map((a) => a.replace(/\[[^\]]*\]/g, '').trim()).filter(Boolean);
}

/**
 * The snippet of a call of a function taking a lambda, from its signature: each argument a
 * placeholder named as the signature names it, each lambda written out with its parameters and
 * body as placeholders (`transform(${1:x}, ${2:e} -> ${3:expr})`), so Tab walks through them.
 */
export function lambdaSnippet(name: string, signature: string): string {
  const open = signature.indexOf('(');
  const close = open < 0 ? -1 : closeOf(signature, open);
  if (close < 0) return `${name}($0)`;
  let n = 0;
  const hole = (text: string) => `\${${++n}:${text.replace(/[$}\\]/g, '')}}`;
  const parts = argumentsOf(signature.slice(open + 1, close)).map((arg) => {
    const arrow = arg.indexOf('->');
    if (arrow < 0) return hole(arg.split(/\s+/)[0]!);
    const params = arg
      .slice(0, arrow)
      .replace(/[()]/g, '')
      .split(',')
      .map((p) => hole(p.trim()));
    const body = hole(arg.slice(arrow + 2).trim());
    return `${params.length > 1 ? `(${params.join(', ')})` : params[0]} -> ${body}`;
  });
  return `${name}(${parts.join(', ')})$0`;
}

/** What a call of a function inserts: the cursor between its parentheses, or after `()`. */
const callSnippet = (name: string, args: string) => (args === '()' ? `${name}()` : `${name}($0)`);

function fromDune(f: DuneFunction): EditorFunction {
  const paren = f.signature.indexOf('(');
  const args = paren < 0 ? '' : f.signature.slice(paren, closeOf(f.signature, paren) + 1);
  return {
    name: f.name,
    signature: f.signature,
    doc: f.doc,
    insertText: f.lambda ? lambdaSnippet(f.name, f.signature) : callSnippet(f.name, args),
    unsupported: f.run.kind === 'unsupported',
  };
}

const fromDuckDb = (f: SqlFunction): EditorFunction => ({
  name: f.name,
  signature: `${f.name}${f.args}`,
  doc: f.doc,
  insertText: f.args ? callSnippet(f.name, f.args) : f.name,
  unsupported: false,
});

const lists = new Map<Dialect, { all: EditorFunction[]; byName: Map<string, EditorFunction> }>();

function listOf(dialect: Dialect) {
  let list = lists.get(dialect);
  if (!list) {
    const all =
      dialect === 'dunesql' ? duneFunctions().map(fromDune) : DUCKDB_FUNCTIONS.map(fromDuckDb);
    list = { all, byName: new Map(all.map((f) => [f.name, f])) };
    lists.set(dialect, list);
  }
  return list;
}

/**
 * The functions the editor offers in a dialect: DuneSQL's catalog (shared/sql/dunesql, the one
 * the rewrite runs by) or DuckDB's list (duckdb-functions.ts).
 */
export const functionsOf = (dialect: Dialect): readonly EditorFunction[] => listOf(dialect).all;

/** The dialect's function of this name (any case), or undefined. */
export const functionNamed = (dialect: Dialect, name: string): EditorFunction | undefined =>
  listOf(dialect).byName.get(name.toLowerCase());

import { duneFunction, duneFunctions } from '../../shared/sql/dunesql/functions.js';
import { identName, isCode, isIdent, lex, type Token } from '../../shared/sql/lexer.js';
import { lineColumn } from './sql-errors.js';

/**
 * A failed DuneSQL run's error as the hosted service words it. Its engine is Trino, whose
 * messages the service's users (and its official client's tests) know: `line 1:8: Column 'x'
 * cannot be resolved`, `Table 'ethereum.nope' does not exist`, `Function 'f' not registered`,
 * `Cannot apply operator: varchar = integer`, `mismatched input 'from'`. DuckDB's common errors
 * are reworded so; any other keeps DuckDB's text without its excerpt of the SQL (the line and
 * column say where). DuckDB runs keep DuckDB's messages: this is for DuneSQL only.
 *
 * `sql` is the SQL as the user wrote it and `offset` the fault's place in it (DuckDB's caret
 * mapped back through the parameters and the rewrite), when DuckDB showed one: names are read
 * there, as the user wrote them (a function the rewrite renamed keeps its DuneSQL name). An
 * error a DuneSQL function raises while running has no place from DuckDB; it is placed at the
 * function's call (or the cast to the type it names) when the SQL has exactly one.
 */
export function duneSqlError(
  message: string,
  sql: string,
  offset?: number,
): { message: string; offset?: number } {
  const fault = offset === undefined ? undefined : faultAt(sql, offset);
  const { text, raised } = trinoText(message, fault);
  const at = offset ?? (raised ? raisedAt(raised, sql) : undefined);
  if (at === undefined) return { message: text };
  const { line, column } = lineColumn(sql, at);
  return { message: `line ${line}:${column}: ${text}`, offset: at };
}

/** What the SQL as written has at the fault: a dotted name (lower case, as Trino shows names). */
type Fault = {
  /** The name starting there, `a.b.c` → ['a', 'b', 'c']; empty when no name starts there. */
  name: string[];
  /** The name is called: `f(` */
  call: boolean;
  /** The operator there (`>=`, `<>`), when one is. */
  operator?: string;
};

const OPERATOR_CHARS = new Set(['<', '>', '=', '!']);

function faultAt(sql: string, offset: number): Fault {
  const tokens = lex(sql).tokens;
  let i = tokens.findIndex((t) => t.start <= offset && offset < t.end);
  if (i === -1) return { name: [], call: false };
  const first = tokens[i]!;
  if (first.kind === 'punct' && OPERATOR_CHARS.has(first.text)) {
    let operator = first.text;
    for (let k = i + 1; tokens[k]?.kind === 'punct' && OPERATOR_CHARS.has(tokens[k]!.text); k++)
      operator += tokens[k]!.text;
    return { name: [], call: false, operator };
  }
  if (!isIdent(first)) return { name: [], call: false };
  const next = (k: number): number => {
    let j = k + 1;
    while (j < tokens.length && !isCode(tokens[j]!)) j++;
    return j;
  };
  const isPunct = (t: Token | undefined, text: string) => t?.kind === 'punct' && t.text === text;
  const name = [identName(first).toLowerCase()];
  for (;;) {
    const dot = next(i);
    const part = next(dot);
    if (!isPunct(tokens[dot], '.') || !isIdent(tokens[part])) break;
    name.push(identName(tokens[part]!).toLowerCase());
    i = part;
  }
  return { name, call: isPunct(tokens[next(i)], '(') };
}

/** DuckDB's message without its excerpt of the SQL (`LINE 2: …` and the caret line). */
const withoutExcerpt = (message: string) => message.replace(/\n+LINE \d+: [^\n]*\n *\^[\s]*$/, '');

/** `Binder Error: …` → its category (`Binder`) and the rest. */
function categorized(message: string): { category?: string; text: string } {
  const m = /^([A-Z][A-Za-z ]*?) Error: /.exec(message);
  return m ? { category: m[1], text: message.slice(m[0].length) } : { text: message };
}

/**
 * Trino's text for DuckDB's `message`; else DuckDB's own without its excerpt, and without its
 * category for an `error()` a DuneSQL function raised (`raised`: its words are the message).
 */
function trinoText(message: string, fault: Fault | undefined): { text: string; raised?: string } {
  const whole = withoutExcerpt(message).trim();
  const { category, text } = categorized(whole);
  for (const rule of RULES) {
    if (rule.category && rule.category !== category) continue;
    const m = rule.match.exec(text);
    if (m) return { text: rule.say(m, fault) };
  }
  if (category !== 'Invalid Input') return { text: whole };
  const words = text.replace(RAISED_BLOB, (_, value: string, type: string) => {
    return `Cannot cast varbinary ${hexOfBlobText(value)} to ${type}`;
  });
  return { text: words, raised: words };
}

/** A DuneSQL cast's refusal of a varbinary, which shows it as DuckDB prints a BLOB. */
const RAISED_BLOB = /^Cannot cast BLOB '(.*)' to (\w+)$/s;

/** DuckDB's text of a BLOB (`\xAB` escapes, printable ASCII as is) as `0x…` hex. */
function hexOfBlobText(text: string): string {
  let hex = '0x';
  for (let i = 0; i < text.length; i++) {
    const escaped = /^\\x([0-9A-Fa-f]{2})/.exec(text.slice(i, i + 4));
    if (escaped) {
      hex += escaped[1]!.toLowerCase();
      i += 3;
    } else hex += text.charCodeAt(i).toString(16).padStart(2, '0');
  }
  return hex;
}

/**
 * `fn` and the DuneSQL names that run as the same macro (`bytearray_to_uint256` is
 * `varbinary_to_uint256`): a macro's error names the function it was written for.
 */
function sameMacro(fn: string): Set<string> {
  const run = duneFunction(fn)?.run;
  if (run?.kind !== 'macro') return new Set([fn]);
  const names = duneFunctions().filter((f) => f.run.kind === 'macro' && f.run.to === run.to);
  return new Set([fn, ...names.map((f) => f.name)]);
}

/** DuneSQL's 256-bit and binary types, which the casts Strata runs as functions name. */
const CAST_TYPES = new Set(['uint256', 'int256', 'varbinary']);

/**
 * Where in `sql` an error a DuneSQL function raised comes from, when that is unambiguous: its
 * words start with the function's name (`varbinary_to_uint256: 40 bytes …`) and the SQL calls it
 * once, or they end with a type (`… out of range for uint256`) the SQL names once.
 */
function raisedAt(words: string, sql: string): number | undefined {
  const tokens = lex(sql).tokens.filter(isCode);
  const fn = /^([a-z_][a-z0-9_]*)(?::| takes )/.exec(words)?.[1];
  const type = /(?:for|to) (\w+)'?$/.exec(words)?.[1]?.toLowerCase();
  const only = (found: Token[]) => (found.length === 1 ? found[0]!.start : undefined);
  if (fn && duneFunction(fn)) {
    const names = sameMacro(fn);
    const calls = tokens.filter(
      (t, i) =>
        t.kind === 'word' &&
        names.has(t.text.toLowerCase()) &&
        tokens[i + 1]?.kind === 'punct' &&
        tokens[i + 1]!.text === '(',
    );
    return only(calls);
  }
  if (type && CAST_TYPES.has(type))
    return only(tokens.filter((t) => t.kind === 'word' && t.text.toLowerCase() === type));
  return undefined;
}

type Rule = {
  category?: string;
  match: RegExp;
  say: (m: RegExpExecArray, fault: Fault | undefined) => string;
};

/** The name at the fault when it ends with `last` (DuckDB names the column alone), else `last`. */
function columnName(fault: Fault | undefined, ...named: string[]): string {
  const wanted = named.map((n) => n.toLowerCase());
  const at = fault?.name ?? [];
  const tail = at.slice(at.length - wanted.length);
  const same = tail.length === wanted.length && tail.every((p, i) => p === wanted[i]);
  return same ? at.join('.') : wanted.join('.');
}

/** A table's name as written at the fault (DuckDB names only its last part, or schema.table). */
function tableName(fault: Fault | undefined, named: string): string {
  const last = named.toLowerCase().split('.').at(-1)!;
  return fault?.name.at(-1) === last ? fault.name.join('.') : named.toLowerCase();
}

/**
 * A function's name as written at the fault (the rewrite may have renamed or qualified it), else
 * as DuckDB names it without the prefix of Strata's DuneSQL macros.
 */
function functionName(fault: Fault | undefined, named: string): string {
  const written = fault?.call ? fault.name.join('.') : '';
  if (written !== '' && !CAST_CALLS.has(written)) return written;
  return named.toLowerCase().replace(/^dunesql[._]/, '');
}

/** Calls that are casts as written, which the rewrite may run as a DuneSQL function. */
const CAST_CALLS = new Set(['cast', 'try_cast']);

/** Operators DuckDB reports as functions (`'+(VARCHAR, INTEGER)'`), as Trino writes them. */
const OPERATORS: Record<string, string> = {
  '+': '+',
  '-': '-',
  '*': '*',
  '/': '/',
  '//': '/',
  '%': '%',
};

/**
 * The built-ins Strata's macros for `/` and `%` call (shared/sql/dunesql/functions-numbers.ts,
 * OPERATOR_MACROS): DuckDB names them where the operator's operands do not fit.
 */
const OPERATOR_BUILTINS: Record<string, string> = { divide: '/', mod: '%' };

/** Type names DuckDB uses in messages, as Trino (DuneSQL) names the type. */
const TYPE_NAMES: Record<string, string> = {
  VARCHAR: 'varchar',
  STRING_LITERAL: 'varchar',
  INTEGER_LITERAL: 'integer',
  TINYINT: 'tinyint',
  INT8: 'tinyint',
  SMALLINT: 'smallint',
  INT16: 'smallint',
  INTEGER: 'integer',
  INT32: 'integer',
  BIGINT: 'bigint',
  INT64: 'bigint',
  // Trino's widest exact integer short of DuneSQL's 256-bit ones.
  HUGEINT: 'decimal(38,0)',
  INT128: 'decimal(38,0)',
  BIGNUM: 'int256',
  VARINT: 'int256',
  FLOAT: 'real',
  DOUBLE: 'double',
  BOOLEAN: 'boolean',
  BOOL: 'boolean',
  BLOB: 'varbinary',
  DATE: 'date',
  TIME: 'time',
  TIMESTAMP: 'timestamp',
  'TIMESTAMP WITH TIME ZONE': 'timestamp with time zone',
  INTERVAL: 'interval day to second',
  UUID: 'uuid',
  JSON: 'json',
};

/** Splits `A, MAP(B, C), D` at its top-level commas. */
function splitTop(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = list.slice(start).trim();
  if (last !== '' || out.length > 0) out.push(last);
  return out;
}

/** A DuckDB type name as Trino writes it: `INTEGER[]` → `array(integer)`, `BLOB` → `varbinary`. */
export function trinoType(duck: string): string {
  const t = duck.trim();
  const list = /^(.*)\[\d*\]$/.exec(t);
  if (list) return `array(${trinoType(list[1]!)})`;
  const known = TYPE_NAMES[t.toUpperCase()];
  if (known) return known;
  const decimal = /^DECIMAL\((\d+),\s*(\d+)\)$/i.exec(t);
  if (decimal) return `decimal(${decimal[1]},${decimal[2]})`;
  const map = /^MAP\((.*)\)$/i.exec(t);
  if (map) return `map(${splitTop(map[1]!).map(trinoType).join(', ')})`;
  const struct = /^STRUCT\((.*)\)$/i.exec(t);
  if (struct) {
    const fields = splitTop(struct[1]!).map((f) => {
      const m = /^("(?:[^"]|"")*"|\S+)\s+(.*)$/.exec(f);
      return m ? `${m[1]!.replace(/^"|"$/g, '').toLowerCase()} ${trinoType(m[2]!)}` : f;
    });
    return `row(${fields.join(', ')})`;
  }
  return t.toLowerCase();
}

/**
 * Trino names the target of a failed cast of text in capitals, integers as `INT`. DuckDB 1.5
 * names a failed conversion of text to BIGNUM (DuneSQL's uint256 and int256) `VARCHAR`: text
 * always converts to varchar, so that one is a 256-bit integer.
 */
const castTarget = (duck: string) => {
  const upper = duck.toUpperCase();
  if (upper === 'INT32') return 'INT';
  if (upper === 'VARCHAR') return 'a 256-bit integer (uint256 or int256)';
  return trinoType(duck).toUpperCase();
};

/** `f(A, B)` candidates of DuckDB's message (`\tf(A, B) -> R` lines), as Trino lists them. */
function candidates(text: string, name: string): string {
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    const m = /^\t(.+?)\((.*)\)(?: -> .*)?$/.exec(line);
    if (!m) continue;
    seen.add(`${name}(${splitTop(m[2]!).map(trinoType).join(', ')})`);
  }
  return [...seen].sort().join(', ');
}

/** A call DuckDB found no (or no single) function for: Trino's operator or parameter message. */
function mismatch(fault: Fault | undefined, text: string, named: string, args: string): string {
  const types = splitTop(args).map(trinoType);
  // A call the user wrote (`mod(x, 2)`) keeps its own name.
  const operator = OPERATORS[named] ?? (fault?.call ? undefined : OPERATOR_BUILTINS[named]);
  if (operator && types.length === 2)
    return `Cannot apply operator: ${types[0]} ${operator} ${types[1]}`;
  if (named === '-' && types.length === 1) return `Cannot negate ${types[0]}`;
  const name = functionName(fault, named);
  const expected = candidates(text, name);
  return `Unexpected parameters (${types.join(', ')}) for function ${name}${expected ? `. Expected: ${expected}` : ''}`;
}

const COMPARISONS = new Set(['=', '<>', '!=', '<', '<=', '>', '>=']);

/** Trino's wording per DuckDB message (as DuckDB 1.5 words it); the first that matches applies. */
const RULES: Rule[] = [
  {
    category: 'Parser',
    match: /^syntax error at or near "(.*)"/s,
    say: (m) => `mismatched input '${m[1]}'`,
  },
  {
    category: 'Parser',
    match: /^syntax error at end of input/,
    say: () => `mismatched input '<EOF>'`,
  },
  {
    match:
      /^Referenced column "(.+?)" (?:not found in FROM clause|was not found because the FROM clause is missing)/,
    say: (m, f) => `Column '${columnName(f, m[1]!)}' cannot be resolved`,
  },
  {
    match: /^(?:Table|Values list) "(.+?)" does not have a column named "(.+?)"/,
    say: (m, f) => `Column '${columnName(f, m[1]!, m[2]!)}' cannot be resolved`,
  },
  {
    // `tx.a` where no table is called tx: Trino cannot resolve the column `tx.a`.
    match: /^Referenced table "(.+?)" not found/,
    say: (m, f) => {
      const table = m[1]!.toLowerCase();
      const name = f?.name[0] === table ? f.name.join('.') : table;
      return `Column '${name}' cannot be resolved`;
    },
  },
  {
    match: /^Ambiguous reference to column name "(.+?)"/,
    say: (m, f) => `Column '${columnName(f, m[1]!)}' is ambiguous`,
  },
  {
    // DuckDB adds "because schema … does not exist" when a sandbox shows no table of the schema;
    // the schema may well exist in the lake, so Trino's table message is the true one here.
    match: /^Table with name "?(.+?)"? does not exist/,
    say: (m, f) => `Table '${tableName(f, m[1]!)}' does not exist`,
  },
  {
    match: /^Catalog "(.+?)" does not exist/,
    say: (m) => `Catalog '${m[1]!.toLowerCase()}' does not exist`,
  },
  {
    match: /^(?:Scalar|Aggregate|Macro) Function with name (.+?) does not exist/,
    say: (m, f) => `Function '${functionName(f, m[1]!)}' not registered`,
  },
  {
    match: /^Table Function with name (.+?) does not exist/,
    say: (m, f) => `Table function '${functionName(f, m[1]!)}' not registered`,
  },
  {
    match: /^Type with name (.+?) does not exist/,
    say: (m) => `Unknown type: ${m[1]!.replace(/^"|"$/g, '').toLowerCase()}`,
  },
  {
    match: /^No function matches the given name and argument types '(.+?)\((.*)\)'/,
    say: (m, f) => mismatch(f, m.input, m[1]!, m[2]!),
  },
  {
    match: /^Could not choose a best candidate function for the function call "(.+?)\((.*)\)"/,
    say: (m, f) => mismatch(f, m.input, m[1]!, m[2]!),
  },
  {
    // A macro called with the wrong number of arguments: DuckDB knows no argument types yet.
    match: /^Macro (.+?)\(\) does not support the supplied arguments/,
    say: (m, f) => {
      const name = functionName(f, m[1]!);
      // The catalog's signature says what DuneSQL takes; else the macro's parameter names.
      const signature = duneFunction(name)?.signature.split(' →')[0];
      const expected = signature
        ? [signature]
        : m.input
            .split('\n')
            .map((l) => /^\t.+?\((.*)\)$/.exec(l)?.[1])
            .filter((a): a is string => a !== undefined)
            .map((a) => `${name}(${a})`);
      return `Unexpected parameters for function ${name}${expected.length ? `. Expected: ${expected.join(', ')}` : ''}`;
    },
  },
  {
    // Strata reads an UNNEST argument as a map only when the SQL writes it as one (a map-valued
    // call or cast, shared/sql/dunesql/unnest.ts); a column holding a map lands here.
    match: /^UNNEST requires a single list as input/,
    say: () =>
      'Cannot unnest this type: UNNEST takes an array, or a map written as a map-valued call or cast; for a map column write UNNEST(map_entries(m))',
  },
  {
    match: /^Cannot compare values of type (.+?) and type (.+?) - an explicit cast is required/,
    say: (m, f) => {
      const op = f?.operator && COMPARISONS.has(f.operator) ? f.operator : '=';
      return `Cannot apply operator: ${trinoType(m[1]!)} ${op} ${trinoType(m[2]!)}`;
    },
  },
  {
    match: /^Cannot mix values of type (.+?) and (.+?) in BETWEEN clause/,
    say: (m) => {
      const [value, bound] = [trinoType(m[1]!), trinoType(m[2]!)];
      return `Cannot check if ${value} is BETWEEN ${bound} and ${bound}`;
    },
  },
  {
    match: /^column "(.+?)" must appear in the GROUP BY clause/,
    say: (m, f) =>
      `'${columnName(f, m[1]!)}' must be an aggregate expression or appear in GROUP BY clause`,
  },
  {
    match: /^Could not convert string (?:'(.*)'|"(.*)") to ([A-Z][A-Z0-9_]*(?:\(\d+,\d+\))?)/,
    say: (m) => `Cannot cast '${m[1] ?? m[2]}' to ${castTarget(m[3]!)}`,
  },
  {
    match:
      /^(?:invalid (date|timestamp) field format|(date|timestamp) field value out of range): "(.*?)"/,
    say: (m) => `Value cannot be cast to ${m[1] ?? m[2]}: ${m[3]}`,
  },
  {
    match:
      /^Type \S+ with value (.+?) can't be cast because the value is out of range for the destination type (\S+)/,
    say: (m) => `Out of range for ${trinoType(m[2]!)}: ${m[1]}`,
  },
  {
    match: /^Unimplemented type for cast \((.+?) -> (.+?)\)/,
    say: (m) => `Cannot cast ${trinoType(m[1]!)} to ${trinoType(m[2]!)}`,
  },
  {
    match: /^Overflow in (addition|subtraction|multiplication) of (\S+) \((.+)\)!?$/,
    say: (m) => `${trinoType(m[2]!)} ${m[1]} overflow: ${m[3]}`,
  },
];

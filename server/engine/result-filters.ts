import { badRequest } from '../http/errors.js';
import { quoteIdent, quoteLiteral } from './duck.js';
import { parseDuckType, type DuckType } from './result-types.js';

/**
 * The `filters` result parameter (compat-reference 2.3) and the lexer it shares with `columns`
 * and `sort_by` (result-query.ts). Grammar, keywords case-insensitive:
 *
 *   expr      := term (OR term)*
 *   term      := factor (AND factor)*
 *   factor    := '(' expr ')' | predicate
 *   predicate := column op literal | column IN '(' literal (',' literal)* ')'
 *              | column LIKE string | column IS NULL | column IS NOT NULL
 *   op        := = | != | <> | < | <= | > | >=
 *   literal   := 'string' ('' escapes a quote) | number | true | false
 *   column    := [A-Za-z_][A-Za-z0-9_]* (exact, else unique case-insensitive match) | "quoted"
 *
 * NOT (other than in IS NOT NULL), functions, expressions, subqueries, comments and semicolons
 * are refused with a 400 naming the position (characters counted from 1). The SQL produced
 * holds only quoted column names and literals re-printed from validated tokens. Literals are
 * checked against the column's DuckDB type so a mismatch is a 400 rather than a DuckDB error:
 * number columns take numbers (or strings that are numbers), boolean columns true/false, text
 * columns strings, date/time columns strings (cast by DuckDB: `block_time > '2024-03-01'`; a
 * string DuckDB cannot read as a date is still a DuckDB conversion error), BLOB columns
 * '0x<hex>' strings, LIST/STRUCT/MAP columns only IS [NOT] NULL. LIKE needs a text column.
 */

/** Longest accepted `columns`, `sort_by` or `filters` value. */
export const MAX_PARAM_LENGTH = 10_000;

export type Token =
  | { kind: 'word'; text: string; pos: number }
  | { kind: 'ident'; text: string; pos: number }
  | { kind: 'string'; text: string; pos: number }
  | { kind: 'number'; text: string; pos: number }
  | { kind: 'op'; text: string; pos: number }
  | { kind: '(' | ')' | ','; text: string; pos: number }
  | { kind: 'end'; text: ''; pos: number };

/** `fail('filters', 'msg', 12)` → 400 `filters: msg at position 12`. */
export const fail = (param: string, message: string, pos?: number) =>
  badRequest(`${param}: ${message}${pos === undefined ? '' : ` at position ${pos}`}`);

export const NUMBER_RE = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;
const NUMBER_AT = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;
const WORD_AT = /[A-Za-z_][A-Za-z0-9_]*/y;
const OP_AT = /<=|>=|<>|!=|=|<|>/y;

/** Reads tokens one at a time, so errors are reported in reading order. */
export class Lexer {
  private i: number;
  constructor(
    private readonly param: string,
    private readonly src: string,
    start = 0,
  ) {
    this.i = start;
    if (src.length > MAX_PARAM_LENGTH) {
      throw fail(param, `too long (${src.length} characters; at most ${MAX_PARAM_LENGTH})`);
    }
  }

  next(): Token {
    const s = this.src;
    while (this.i < s.length && /\s/.test(s[this.i]!)) this.i++;
    const start = this.i;
    const pos = start + 1;
    if (start >= s.length) return { kind: 'end', text: '', pos };
    const ch = s[start]!;
    const two = s.slice(start, start + 2);
    if (ch === "'" || ch === '"') {
      const text = this.quoted(ch, pos);
      return { kind: ch === "'" ? 'string' : 'ident', text, pos };
    }
    if (two === '--' || two === '/*') throw fail(this.param, 'comments are not supported', pos);
    if (/[0-9]/.test(ch) || (ch === '-' && /[0-9]/.test(s[start + 1] ?? ''))) {
      const text = this.match(NUMBER_AT)!;
      if (/[A-Za-z0-9_.]/.test(s[this.i] ?? '')) throw fail(this.param, 'invalid number', pos);
      return { kind: 'number', text, pos };
    }
    if (/[A-Za-z_]/.test(ch)) return { kind: 'word', text: this.match(WORD_AT)!, pos };
    const op = this.match(OP_AT);
    if (op) return { kind: 'op', text: op, pos };
    if (ch === '(' || ch === ')' || ch === ',') {
      this.i++;
      return { kind: ch, text: ch, pos };
    }
    if (ch === ';') throw fail(this.param, 'semicolons are not supported', pos);
    throw fail(this.param, `unexpected character ${JSON.stringify(ch)}`, pos);
  }

  /** The index just after the last token read. */
  get offset() {
    return this.i;
  }

  private match(re: RegExp): string | null {
    re.lastIndex = this.i;
    const m = re.exec(this.src);
    if (!m) return null;
    this.i = re.lastIndex;
    return m[0];
  }

  /** A '...' or "..." token whose quote is escaped by doubling; returns the unescaped text. */
  private quoted(q: string, pos: number): string {
    let out = '';
    let j = this.i + 1;
    for (;;) {
      const k = this.src.indexOf(q, j);
      if (k === -1) {
        throw fail(
          this.param,
          `unterminated ${q === "'" ? 'string' : 'quoted name'} starting`,
          pos,
        );
      }
      out += this.src.slice(j, k);
      if (this.src[k + 1] === q) {
        out += q;
        j = k + 2;
      } else {
        this.i = k + 1;
        return out;
      }
    }
  }
}

/** How a token reads in an error message. */
export const tokenText = (t: Token) =>
  t.kind === 'end' ? 'the end' : t.kind === 'string' ? `'${t.text}'` : JSON.stringify(t.text);

/**
 * Resolves a requested name to an available column: an exact match first, then a unique
 * case-insensitive match.
 */
export function resolveColumn(
  param: string,
  name: string,
  available: readonly string[],
  pos: number,
): string {
  if (available.includes(name)) return name;
  const lower = name.toLowerCase();
  const matches = available.filter((c) => c.toLowerCase() === lower);
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw fail(
      param,
      `column ${JSON.stringify(name)} is ambiguous (${matches.map((m) => JSON.stringify(m)).join(', ')})`,
      pos,
    );
  }
  throw fail(param, `unknown column ${JSON.stringify(name)}`, pos);
}

export const MAX_FILTER_DEPTH = 50;
export const MAX_IN_ITEMS = 1000;
export const MAX_PREDICATES = 200;

type Category = 'number' | 'text' | 'temporal' | 'boolean' | 'blob' | 'nested' | 'other';

const NUMBER_TYPES = new Set([
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'BIGINT',
  'HUGEINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
  'UBIGINT',
  'UHUGEINT',
  'VARINT',
  'FLOAT',
  'DOUBLE',
]);
const TEXT_TYPES = new Set(['VARCHAR', 'UUID', 'JSON', 'BIT']);
const TEMPORAL_TYPES = new Set([
  'DATE',
  'TIME',
  'TIME WITH TIME ZONE',
  'TIMESTAMP',
  'TIMESTAMP_S',
  'TIMESTAMP_MS',
  'TIMESTAMP_NS',
  'TIMESTAMP WITH TIME ZONE',
  'INTERVAL',
]);

function categoryOf(t: DuckType): Category {
  switch (t.kind) {
    case 'decimal':
      return 'number';
    case 'enum':
      return 'text';
    case 'list':
    case 'struct':
    case 'map':
    case 'union':
      return 'nested';
    case 'scalar':
      if (NUMBER_TYPES.has(t.name)) return 'number';
      if (TEXT_TYPES.has(t.name)) return 'text';
      if (TEMPORAL_TYPES.has(t.name)) return 'temporal';
      if (t.name === 'BOOLEAN') return 'boolean';
      if (t.name === 'BLOB') return 'blob';
      return 'other';
    default:
      return 'other';
  }
}

const CATEGORY_NAME: Record<Category, string> = {
  number: 'a number',
  text: 'a text',
  temporal: 'a date/time',
  boolean: 'a boolean',
  blob: 'a binary',
  nested: 'a list/struct/map',
  other: 'an',
};

type Column = { name: string; sql: string; type: DuckType; category: Category };

class FilterParser {
  private tok: Token;
  private predicates = 0;
  private readonly lexer: Lexer;
  private readonly names: string[];
  private readonly types = new Map<string, DuckType>();

  constructor(src: string, columns: readonly { name: string; type: string }[]) {
    this.lexer = new Lexer('filters', src);
    this.names = columns.map((c) => c.name);
    for (const c of columns) this.types.set(c.name, parseDuckType(c.type));
    this.tok = this.lexer.next();
  }

  parse(): string {
    if (this.tok.kind === 'end') throw fail('filters', 'no condition given');
    const sql = this.expr(0);
    const rest = this.current();
    if (rest.kind !== 'end') {
      const hint = rest.kind === ')' ? 'unbalanced ")"' : `unexpected ${tokenText(rest)}`;
      throw fail('filters', hint, rest.pos);
    }
    return sql;
  }

  /** The lookahead token (a call, so TypeScript does not keep a stale narrowing of it). */
  private current(): Token {
    return this.tok;
  }

  private advance(): Token {
    const t = this.tok;
    this.tok = this.lexer.next();
    return t;
  }

  private isWord(word: string) {
    return this.tok.kind === 'word' && this.tok.text.toUpperCase() === word;
  }

  private expr(depth: number): string {
    const terms = [this.term(depth)];
    while (this.isWord('OR')) {
      this.advance();
      terms.push(this.term(depth));
    }
    return terms.length === 1 ? terms[0]! : `(${terms.join(' OR ')})`;
  }

  private term(depth: number): string {
    const factors = [this.factor(depth)];
    while (this.isWord('AND')) {
      this.advance();
      factors.push(this.factor(depth));
    }
    return factors.length === 1 ? factors[0]! : `(${factors.join(' AND ')})`;
  }

  private factor(depth: number): string {
    if (this.tok.kind === '(') {
      const open = this.advance();
      if (depth + 1 > MAX_FILTER_DEPTH) {
        throw fail('filters', `parentheses nested deeper than ${MAX_FILTER_DEPTH}`, open.pos);
      }
      const inner = this.expr(depth + 1);
      const close = this.current();
      if (close.kind !== ')') {
        throw fail(
          'filters',
          `expected ")" to close "(" at position ${open.pos}, found ${tokenText(close)}`,
          close.pos,
        );
      }
      this.advance();
      return inner; // a single predicate, or an AND/OR list already in parentheses
    }
    return this.predicate();
  }

  private column(): Column {
    const t = this.advance();
    if (t.kind === 'word' && t.text.toUpperCase() === 'NOT')
      throw fail('filters', 'NOT is not supported', t.pos);
    if (t.kind === 'word' && this.tok.kind === '(') {
      throw fail('filters', `functions are not supported (${JSON.stringify(t.text)})`, t.pos);
    }
    if (t.kind !== 'word' && t.kind !== 'ident') {
      throw fail('filters', `expected a column name, found ${tokenText(t)}`, t.pos);
    }
    const name = resolveColumn('filters', t.text, this.names, t.pos);
    const type = this.types.get(name)!;
    return { name, sql: quoteIdent(name), type, category: categoryOf(type) };
  }

  private predicate(): string {
    const startPos = this.tok.pos;
    if (++this.predicates > MAX_PREDICATES) {
      throw fail('filters', `more than ${MAX_PREDICATES} conditions`, startPos);
    }
    const col = this.column();
    const t = this.advance();
    const word = t.kind === 'word' ? t.text.toUpperCase() : '';
    if (word === 'NOT') throw fail('filters', 'NOT is not supported', t.pos);
    if (word === 'IS') {
      const next = this.advance();
      const not = next.kind === 'word' && next.text.toUpperCase() === 'NOT';
      const nul = not ? this.advance() : next;
      if (nul.kind !== 'word' || nul.text.toUpperCase() !== 'NULL') {
        throw fail(
          'filters',
          `expected NULL or NOT NULL after IS, found ${tokenText(nul)}`,
          nul.pos,
        );
      }
      return `${col.sql} IS ${not ? 'NOT ' : ''}NULL`;
    }
    if (col.category === 'nested') {
      throw fail(
        'filters',
        `${JSON.stringify(col.name)} is ${CATEGORY_NAME.nested} column: only IS NULL and IS NOT NULL apply`,
        t.pos,
      );
    }
    if (t.kind === 'op')
      return `${col.sql} ${t.text === '!=' ? '<>' : t.text} ${this.literal(col)}`;
    if (word === 'IN') return this.inList(col, t);
    if (word === 'LIKE') return this.like(col);
    throw fail(
      'filters',
      `expected an operator (=, !=, <>, <, <=, >, >=, IN, LIKE, IS) after ${JSON.stringify(col.name)}, found ${tokenText(t)}`,
      t.pos,
    );
  }

  private inList(col: Column, inTok: Token): string {
    const open = this.advance();
    if (open.kind !== '(')
      throw fail('filters', `expected "(" after IN, found ${tokenText(open)}`, open.pos);
    const items = [this.literal(col)];
    while (this.tok.kind === ',') {
      this.advance();
      if (items.length >= MAX_IN_ITEMS) {
        throw fail('filters', `IN list longer than ${MAX_IN_ITEMS} values`, inTok.pos);
      }
      items.push(this.literal(col));
    }
    const close = this.advance();
    if (close.kind !== ')')
      throw fail(
        'filters',
        `expected "," or ")" in the IN list, found ${tokenText(close)}`,
        close.pos,
      );
    return `${col.sql} IN (${items.join(', ')})`;
  }

  private like(col: Column): string {
    const pattern = this.advance();
    if (pattern.kind !== 'string') {
      throw fail(
        'filters',
        `expected a quoted pattern after LIKE, found ${tokenText(pattern)}`,
        pattern.pos,
      );
    }
    if (col.category !== 'text' && col.category !== 'other') {
      throw fail(
        'filters',
        `LIKE needs a text column; ${JSON.stringify(col.name)} is ${CATEGORY_NAME[col.category]} column`,
        pattern.pos,
      );
    }
    const isVarchar = col.type.kind === 'scalar' && col.type.name === 'VARCHAR';
    return `${isVarchar ? col.sql : `CAST(${col.sql} AS VARCHAR)`} LIKE ${quoteLiteral(pattern.text)}`;
  }

  /** One literal for a comparison with `col`, as SQL. */
  private literal(col: Column): string {
    const t = this.advance();
    const word = t.kind === 'word' ? t.text.toUpperCase() : '';
    const mismatch = (what: string) =>
      fail(
        'filters',
        `${JSON.stringify(col.name)} is ${CATEGORY_NAME[col.category]} column and cannot be compared with ${what}`,
        t.pos,
      );
    if (t.kind === 'number') {
      if (col.category !== 'number' && col.category !== 'other')
        throw mismatch('a number (quote the value?)');
      return t.text;
    }
    if (word === 'TRUE' || word === 'FALSE') {
      if (col.category !== 'boolean' && col.category !== 'other')
        throw mismatch(word.toLowerCase());
      return word;
    }
    if (t.kind === 'string') return this.stringLiteral(col, t.text, mismatch);
    if (word === 'NULL')
      throw fail('filters', 'use IS NULL or IS NOT NULL to compare with NULL', t.pos);
    if (word === 'NOT') throw fail('filters', 'NOT is not supported', t.pos);
    throw fail(
      'filters',
      `expected a value (a quoted string, a number, true or false), found ${tokenText(t)}`,
      t.pos,
    );
  }

  private stringLiteral(col: Column, s: string, mismatch: (what: string) => Error): string {
    switch (col.category) {
      case 'number':
        if (!NUMBER_RE.test(s.trim())) throw mismatch(`'${s}' (not a number)`);
        return s.trim();
      case 'boolean':
        if (!/^(true|false)$/i.test(s.trim())) throw mismatch(`'${s}' (not true or false)`);
        return s.trim().toUpperCase();
      case 'blob':
        if (!/^0x([0-9a-fA-F]{2})*$/.test(s))
          throw mismatch(`'${s}' (write binary values as '0x' and hex digits)`);
        return `from_hex(${quoteLiteral(s.slice(2))})`;
      default:
        return quoteLiteral(s);
    }
  }
}

/**
 * `filters` → a SQL boolean expression over `columns` (names and DuckDB types of the columns
 * of the file being read), for `WHERE <expr>`. Throws 400 on anything outside the grammar.
 */
export const parseFilters = (param: string, columns: { name: string; type: string }[]): string =>
  new FilterParser(param, columns).parse();

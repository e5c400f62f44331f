import { quoteIdent, quoteLiteral } from './duck.js';
import { CATEGORY_NAME, categoryOf, type Category } from './result-filter-categories.js';
import { fail, Lexer, NUMBER_RE, resolveColumn, tokenText, type Token } from './result-lexer.js';
import { parseDuckType, type DuckType } from './result-types.js';

/**
 * The `filters` result parameter (compat-reference 2.3); its lexer (shared with `columns` and
 * `sort_by`) is in result-lexer.ts. Grammar, keywords case-insensitive:
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

export const MAX_FILTER_DEPTH = 50;
export const MAX_IN_ITEMS = 1000;
export const MAX_PREDICATES = 200;

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
    return this.joined('OR', () => this.term(depth));
  }

  private term(depth: number): string {
    return this.joined('AND', () => this.factor(depth));
  }

  /** One or more parts separated by the word, parenthesized when there are several. */
  private joined(word: 'AND' | 'OR', part: () => string): string {
    const parts = [part()];
    while (this.isWord(word)) {
      this.advance();
      parts.push(part());
    }
    return parts.length === 1 ? parts[0]! : `(${parts.join(` ${word} `)})`;
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

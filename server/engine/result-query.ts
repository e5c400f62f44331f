import { quoteIdent } from './duck.js';
import { fail, Lexer, MAX_COLUMNS_LENGTH, resolveColumn, tokenText } from './result-lexer.js';

/**
 * The caller-supplied `columns` and `sort_by` result parameters (compat-reference 2.3), parsed
 * into SQL built only from validated column names; `filters` is in result-filters.ts and the
 * lexer shared by all three in result-lexer.ts. Positions in error messages count characters
 * from 1.
 */

export { parseFilters } from './result-filters.js';

/**
 * `columns`: comma-separated names (spaces around commas tolerated; names with special
 * characters double-quoted, `""` escaping a quote). Returns the resolved names in the requested
 * order without duplicates.
 */
export function parseColumns(param: string, available: string[]): string[] {
  if (param.length > MAX_COLUMNS_LENGTH)
    throw fail('columns', `too long (${param.length} characters; at most ${MAX_COLUMNS_LENGTH})`);
  if (param.trim() === '') throw fail('columns', 'no column names given');
  const out: string[] = [];
  let i = 0;
  for (;;) {
    while (i < param.length && /\s/.test(param[i]!)) i++;
    const pos = i + 1;
    let name: string;
    if (param[i] === '"') {
      const lexer = new Lexer('columns', param, i);
      const tok = lexer.next();
      name = tok.text;
      i = lexer.offset;
      while (i < param.length && /\s/.test(param[i]!)) i++;
      if (i < param.length && param[i] !== ',') {
        throw fail('columns', `expected a comma after ${tokenText(tok)}`, i + 1);
      }
    } else {
      const end = param.indexOf(',', i);
      name = param.slice(i, end === -1 ? param.length : end).trim();
      if (name.includes('"')) throw fail('columns', 'unexpected double quote inside a name', pos);
      if (name === '') throw fail('columns', 'empty column name', pos);
      i = end === -1 ? param.length : end;
    }
    const resolved = resolveColumn('columns', name, available, pos);
    if (!out.includes(resolved)) out.push(resolved);
    if (i >= param.length) return out;
    i++; // the comma
  }
}

/**
 * `sort_by`: `col [asc|desc] [nulls first|nulls last], ...` with case-insensitive keywords and
 * double-quoted names allowed; returns an ORDER BY list such as `"amount" DESC, "name" ASC`.
 */
export function parseSortBy(param: string, available: string[]): string {
  const lexer = new Lexer('sort_by', param);
  const items: string[] = [];
  let tok = lexer.next();
  if (tok.kind === 'end') throw fail('sort_by', 'no columns given');
  for (;;) {
    if (tok.kind !== 'word' && tok.kind !== 'ident') {
      throw fail('sort_by', `expected a column name, found ${tokenText(tok)}`, tok.pos);
    }
    const column = resolveColumn('sort_by', tok.text, available, tok.pos);
    let item = `${quoteIdent(column)} ASC`;
    let expected = 'asc or desc';
    const after = `after ${JSON.stringify(tok.text)}`;
    tok = lexer.next();
    const dir = tok.kind === 'word' ? tok.text.toUpperCase() : '';
    if (dir === 'ASC' || dir === 'DESC') {
      item = `${quoteIdent(column)} ${dir}`;
      expected = 'nulls first, nulls last or a comma';
      tok = lexer.next();
    }
    if (tok.kind === 'word' && tok.text.toUpperCase() === 'NULLS') {
      expected = 'a comma';
      const nulls = lexer.next();
      const which = nulls.kind === 'word' ? nulls.text.toUpperCase() : '';
      if (which !== 'FIRST' && which !== 'LAST') {
        throw fail('sort_by', 'expected first or last after nulls', nulls.pos);
      }
      item += ` NULLS ${which}`;
      tok = lexer.next();
    }
    items.push(item);
    if (tok.kind === 'end') return items.join(', ');
    if (tok.kind !== ',') {
      throw fail('sort_by', `expected ${expected} ${after}`, tok.pos);
    }
    tok = lexer.next();
  }
}

import { describe, expect, it } from 'vitest';
import { dollarTag, lex, lexSql, type Token } from './lexer';
import { contextOf, placeholderNames, placeholders } from './placeholders';

/** `kind:text` of every token but blanks (`kind(e)` for an escape string). */
const shown = (sql: string, placeholders = true) =>
  lex(sql, { placeholders })
    .tokens.filter((t) => t.kind !== 'space')
    .map((t: Token) => `${t.kind}${t.escapes ? '(e)' : ''}${t.open ? '(open)' : ''}:${t.text}`);

describe('lex: DuckDB’s tokens', () => {
  it('gives back the text, token after token', () => {
    const sql = "SELECT a.\"b\"\"c\", 'x''y', E'\\'', $t$ $$ $t$ /* /* */ */ -- end";
    const tokens = lexSql(sql);
    expect(tokens.map((t) => t.text).join('')).toBe(sql);
    tokens.forEach((t, i) => expect(t.start).toBe(i ? tokens[i - 1]!.end : 0));
  });

  it('reads escape strings where DuckDB does: after a number or `$`, not inside a name', () => {
    expect(shown("1e'a\\'b'")).toEqual(['number:1', "string(e):e'a\\'b'"]);
    expect(shown("$e'x'")).toEqual(['punct:$', "string(e):e'x'"]);
    expect(shown("ae'x\\'")).toEqual(['word:ae', "string:'x\\'"]);
    expect(shown("a\u00a0e'x\\'")).toEqual(['word:a\u00a0e', "string:'x\\'"]);
  });

  it('continues an escape string over a line break, blanks and line comments', () => {
    expect(shown("E'a' -- it's\n 'b\\'c'")).toEqual([
      "string(e):E'a'",
      "comment:-- it's",
      "string(e):'b\\'c'",
    ]);
    expect(shown("E'a' 'b\\'")).toEqual(["string(e):E'a'", "string:'b\\'"]);
    expect(shown("E'a' /* c */\n'b\\'")).toEqual([
      "string(e):E'a'",
      'comment:/* c */',
      "string:'b\\'",
    ]);
    expect(shown("E'a'\nx\n'b\\'")).toEqual(["string(e):E'a'", 'word:x', "string:'b\\'"]);
  });

  it('takes `$` and any letter in names and dollar tags, and ends line comments at CR', () => {
    expect(shown('é$$, $é$ x $é$, $$a$$$$b$$')).toEqual([
      'word:é$$',
      'punct:,',
      'string:$é$ x $é$',
      'punct:,',
      'string:$$a$$',
      'string:$$b$$',
    ]);
    expect(shown('$1, $name, 1$$x$$')).toEqual([
      'param:$1',
      'punct:,',
      'param:$name',
      'punct:,',
      'number:1',
      'string:$$x$$',
    ]);
    expect(shown('-- a\rb')).toEqual(['comment:-- a', 'word:b']);
    expect(dollarTag(lexSql('$tag$ x $tag$')[0]!)).toBe('$tag$');
  });

  it('reads numbers as DuckDB does', () => {
    expect(shown('1_000 .5e3 1.e3 1.2.3 1e+')).toEqual([
      'number:1_000',
      'number:.5e3',
      'number:1.e3',
      'number:1.2',
      'number:.3',
      'number:1',
      'word:e',
      'punct:+',
    ]);
  });

  it('nests block comments and runs unterminated literals to the end', () => {
    expect(shown('a /* x /* y */ z */ b')).toEqual([
      'word:a',
      'comment:/* x /* y */ z */',
      'word:b',
    ]);
    expect(shown("'abc")).toEqual(["string(open):'abc"]);
    expect(shown('"ab')).toEqual(['quoted(open):"ab']);
    expect(shown('/* a /* b */')).toEqual(['comment(open):/* a /* b */']);
    expect(shown("E'a\\")).toEqual(["string(e)(open):E'a\\"]);
  });
});

describe('placeholders: the one rule', () => {
  it('reads `{{ name }}` in code as a parameter, names with spaces too', () => {
    expect(shown('select {{n}}, {{ Wash Trading }}, {{ }}')).toEqual([
      'word:select',
      'param:{{n}}',
      'punct:,',
      'param:{{ Wash Trading }}',
      'punct:,',
      'param:{{ }}',
    ]);
    expect(placeholderNames('{{b}} {{ a }} {{b}} {{}} {x} {{a\nb}} {{a{b}}')).toEqual(['b', 'a']);
  });

  it('finds placeholders in strings, identifiers and comments, opaque there', () => {
    const sql = 'select \'{{it\'s}}\', "{{a"b}}", $$ {{$$}} $$ /* {{*/}} */ -- {{x\n}}\n, 1';
    expect(shown(sql)).toEqual([
      'word:select',
      "string:'{{it's}}'",
      'punct:,',
      'quoted:"{{a"b}}"',
      'punct:,',
      'string:$$ {{$$}} $$',
      'comment:/* {{*/}} */',
      'comment:-- {{x\n}}',
      'punct:,',
      'number:1',
    ]);
    expect(placeholders(sql).map((p) => [p.name, contextOf(p.in).kind])).toEqual([
      ["it's", 'string'],
      ['a"b', 'ident'],
      ['$$', 'dollar'],
      ['*/', 'block-comment'],
      ['x', 'line-comment'],
    ]);
  });

  it('lets a backslash in an escape string take the brace after it', () => {
    expect(placeholderNames("E'\\{{a}}' E'\\\\{{b}}' '\\{{c}}'")).toEqual(['b', 'c']);
  });

  it('reads none in SQL as rendered for the engine', () => {
    expect(shown("'{{', 1, '}}'", false)).toEqual([
      "string:'{{'",
      'punct:,',
      'number:1',
      'punct:,',
      "string:'}}'",
    ]);
    expect(shown("'{{', 1, '}}'")).toEqual(["string:'{{', 1, '}}'"]);
    expect(lex('{{a}}', { placeholders: false }).placeholders).toEqual([]);
  });
});

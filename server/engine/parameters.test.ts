import { describe, expect, it } from 'vitest';
import type { Parameter } from '../../contract/parameters.js';
import { normalizeDatetime } from '../../contract/rules/parameters.js';
import { rewriteDuneSql } from '../../shared/sql/dunesql/rewrite.js';
import {
  normalizeParameterDefs,
  parameterKey,
  placeholderNames,
  renderSql,
  resolveParameterValues,
} from './parameters.js';

const text: Parameter = { key: 'name', type: 'text', value: 'alice' };
const num: Parameter = { key: 'n', type: 'number', value: '10' };
const dt: Parameter = { key: 'since', type: 'datetime', value: '2024-01-01 00:00:00' };
const en: Parameter = {
  key: 'chain',
  type: 'enum',
  value: 'ethereum',
  enumOptions: ['ethereum', 'base'],
};
const multi: Parameter = { ...en, key: 'chains', isMultiselect: true, values: ['ethereum'] };

function render(sql: string, defs: Parameter[], given: Record<string, string | string[]> = {}) {
  return renderSql(sql, resolveParameterValues(defs, given)).sql;
}

describe('placeholders and definitions', () => {
  it('finds names, including names with spaces, once each', () => {
    expect(placeholderNames('select {{a}}, {{ b c }}, {{a}}')).toEqual(['a', 'b c']);
  });
  it('keeps a parameter the SQL does not use, as the hosted service does', () => {
    expect(normalizeParameterDefs('select 1', [text])).toEqual([text]);
  });
  it('rejects an enum without options', () => {
    expect(() => normalizeParameterDefs("select '{{c}}'", [{ key: 'c', type: 'enum' }])).toThrow(
      /enumOptions/,
    );
  });
  it('rejects defaults that do not fit their type', () => {
    expect(() => normalizeParameterDefs('select {{n}}', [{ ...num, value: 'ten' }])).toThrow(
      /not a number/,
    );
    expect(() =>
      normalizeParameterDefs('select {{since}}', [{ ...dt, value: '2024-13-01' }]),
    ).toThrow(/date-time/);
    expect(() =>
      normalizeParameterDefs("select '{{chain}}'", [{ ...en, value: 'solana' }]),
    ).toThrow(/options/);
  });
  it('rejects duplicates and adds undefined placeholders as text parameters', () => {
    expect(() => normalizeParameterDefs('select {{n}}', [num, num])).toThrow(/duplicate/);
    expect(normalizeParameterDefs('select {{n}}, {{x}}', [num])).toEqual([
      num,
      { key: 'x', type: 'text', value: '' },
    ]);
  });
});

describe('values', () => {
  it('uses defaults and rejects unknown names', () => {
    expect(render("select '{{name}}'", [text])).toBe("select 'alice'");
    expect(() => render("select '{{name}}'", [text], { nope: '1', other: '2' })).toThrow(
      'unknown parameters (nope, other)',
    );
  });
  it('checks numbers, datetimes and enums', () => {
    expect(() => render('select {{n}}', [num], { n: '1; drop table x' })).toThrow(/not a number/);
    expect(render('select {{n}}', [num], { n: ' -1.5e3 ' })).toBe('select -1.5e3');
    expect(() => render('select {{since}}', [dt], { since: 'yesterday' })).toThrow(/date-time/);
    expect(() => render("select '{{chain}}'", [en], { chain: 'solana' })).toThrow(/options/);
    expect(
      render("select '{{chain}}'", [{ ...en, isFreeformAllowed: true }], { chain: 'solana' }),
    ).toBe("select 'solana'");
  });
  it('takes lists only for multiselect', () => {
    expect(() => render("select '{{chain}}'", [en], { chain: ['ethereum', 'base'] })).toThrow(
      /one value/,
    );
    expect(render('select {{chains}}', [multi], { chains: ['ethereum', 'base'] })).toBe(
      "select 'ethereum', 'base'",
    );
    expect(
      render("select split('{{chains}}', ',')", [multi], { chains: ['ethereum', 'base'] }),
    ).toBe("select split('ethereum,base', ',')");
  });
  it('gives the same key to the same values in any order', () => {
    const a = resolveParameterValues([num, text], { n: '1', name: 'x' });
    const b = resolveParameterValues([text, num], { name: 'x', n: '1' });
    expect(parameterKey(a)).toBe(parameterKey(b));
  });
});

describe('safe substitution', () => {
  const evil = "x' OR 1=1 --";
  it('keeps a text value inside its string literal', () => {
    expect(render("select * from t where a = '{{name}}'", [text], { name: evil })).toBe(
      "select * from t where a = 'x'' OR 1=1 --'",
    );
  });
  it('quotes a bare text value as a literal', () => {
    expect(render('select * from t where a = {{name}}', [text], { name: '1 OR 1=1' })).toBe(
      "select * from t where a = '1 OR 1=1'",
    );
  });
  it('escapes backslashes in E-strings, quotes in identifiers, newlines in comments', () => {
    expect(render("select E'{{name}}'", [text], { name: "\\' or 1=1" })).toBe(
      "select E'\\\\\\' or 1=1'",
    );
    expect(render('select 1 as "{{name}}"', [text], { name: 'a"b' })).toBe('select 1 as "a""b"');
    expect(render('select 1 -- {{name}}\n', [text], { name: 'a\ndrop table x' })).toBe(
      'select 1 -- a drop table x\n',
    );
    expect(render('select 1 /* {{name}} */', [text], { name: '*/ drop' })).toBe(
      'select 1 /*    drop */',
    );
  });
  it('refuses a dollar sign inside a dollar-quoted string', () => {
    expect(() => render('select $$ {{name}} $$', [text], { name: '$$; drop' })).toThrow(/\$/);
  });
  it('writes datetimes as timestamps outside quotes', () => {
    expect(render('select {{since}}', [dt], { since: '2024-03-01T10:00:00Z' })).toBe(
      "select TIMESTAMP '2024-03-01 10:00:00'",
    );
  });
  // Each of these ran a value as SQL before the one lexer (shared/sql/lexer.ts) read SQL as
  // DuckDB does; lexer-vs-duckdb.test.ts runs such cases at random against DuckDB.
  const injection = "\\' UNION SELECT secret FROM t --";
  const named = (key: string): Parameter => ({ ...text, key });
  it('reads a quote or comment mark in a placeholder name as part of the name', () => {
    expect(render("select {{it's}} as a, {{name}} as b --'", [named("it's"), text])).toBe(
      "select 'alice' as a, 'alice' as b --'",
    );
    expect(
      render("select '{{it's}}', {{name}} --'", [named("it's"), text], { name: '1 OR 1=1' }),
    ).toBe("select 'alice', '1 OR 1=1' --'");
    expect(placeholderNames("select '{{it's}}', {{x--y}} -- {{c/*d}}")).toEqual([
      "it's",
      'x--y',
      'c/*d',
    ]);
  });
  it('ends a line comment at a carriage return, as DuckDB does', () => {
    expect(render('select 1 -- note\r{{name}}', [text], { name: '1 OR 1=1' })).toBe(
      "select 1 -- note\r'1 OR 1=1'",
    );
  });
  it('reads `$` inside a name as part of the name, not a dollar quote', () => {
    expect(render('select 1 as é$$, {{name}} as b', [text], { name: '1 OR 1=1' })).toBe(
      "select 1 as é$$, '1 OR 1=1' as b",
    );
  });
  it('escapes backslashes in a string continuing an E-string on the next line', () => {
    expect(render("select E'a'\n'{{name}}'", [text], { name: injection })).toBe(
      "select E'a'\n'\\\\\\' UNION SELECT secret FROM t --'",
    );
  });
  it('refuses a value that would join the SQL beside it into other tokens', () => {
    expect(() => render('select E{{name}}', [text], { name: injection })).toThrow(
      'parameter "name": its value would run into the SQL around it',
    );
    expect(() => render("select E'a'\n{{name}}", [text], { name: injection })).toThrow(
      /run into the SQL/,
    );
    expect(render('select t_{{n}} from x', [num], { n: '5' })).toBe('select t_5 from x');
  });
  it('keeps a negative number apart from a minus before it', () => {
    expect(render('select 1 -{{n}} as d', [num], { n: '-1' })).toBe('select 1 - -1 as d');
    expect(render('select 1 - {{n}}', [num], { n: '-1' })).toBe('select 1 - -1');
  });
  it('takes a brace after a backslash in an E-string as text, as DuckDB does', () => {
    expect(placeholderNames("select E'\\{{a}}', E'\\\\{{b}}'")).toEqual(['b']);
    expect(render("select E'\\{{a}}'", [])).toBe("select E'\\{{a}}'");
  });
  it('maps positions in the rendered SQL back to the SQL as written', () => {
    const sql = "select '{{name}}' as a,\n  nope";
    const r = renderSql(sql, resolveParameterValues([text], { name: 'a much longer value' }));
    expect(r.toOriginal(r.sql.indexOf('nope'))).toBe(sql.indexOf('nope'));
    expect(r.toOriginal(r.sql.indexOf('much'))).toBe(sql.indexOf('{{'));
  });
});

describe('normalizeDatetime', () => {
  it('accepts the documented forms and rejects impossible dates', () => {
    expect(normalizeDatetime('2024-02-29')).toBe('2024-02-29 00:00:00');
    expect(normalizeDatetime('2024-02-29 10:11')).toBe('2024-02-29 10:11:00');
    expect(normalizeDatetime('2020-12-01T01:20:30Z')).toBe('2020-12-01 01:20:30');
    expect(normalizeDatetime('2020-12-01T01:20:30.5+02:00')).toBe('2020-11-30 23:20:30.500');
    expect(normalizeDatetime('2023-02-29')).toBeUndefined();
    expect(normalizeDatetime('2024-01-01 25:00:00')).toBeUndefined();
    expect(normalizeDatetime("2024-01-01'")).toBeUndefined();
  });
});

describe('varbinary parameters', () => {
  const wallet: Parameter = { key: 'wallet', type: 'varbinary', value: '0xAbCd' };
  const wallets: Parameter = { ...wallet, key: 'wallets', isMultiselect: true, values: ['0x01'] };
  const address = '0x' + 'Ab'.repeat(20);
  it('writes a value as a varbinary constant in code, lowercased', () => {
    expect(render('select * from t where "from" = {{wallet}}', [wallet], { wallet: address })).toBe(
      `select * from t where "from" = unhex('${'ab'.repeat(20)}')`,
    );
    expect(render('select {{wallet}}', [wallet])).toBe("select unhex('abcd')");
    expect(render('select {{wallet}}', [wallet], { wallet: ' 0X00ff ' })).toBe(
      "select unhex('00ff')",
    );
    expect(render('select {{wallet}}', [wallet], { wallet: '0x' })).toBe("select unhex('')");
  });
  it('writes a multiselect as a list of constants', () => {
    expect(
      render('select 1 where a in ({{wallets}})', [wallets], { wallets: ['0xAA', '0xbb'] }),
    ).toBe("select 1 where a in (unhex('aa'), unhex('bb'))");
    expect(render('select 1 where a in ({{wallets}})', [wallets])).toBe(
      "select 1 where a in (unhex('01'))",
    );
  });
  it('writes the normalized text inside a string, a quoted name and a comment', () => {
    expect(render("select '{{wallet}}'", [wallet])).toBe("select '0xabcd'");
    expect(render('select 1 as "{{wallet}}"', [wallet])).toBe('select 1 as "0xabcd"');
    expect(render('select 1 -- {{wallet}}\n', [wallet])).toBe('select 1 -- 0xabcd\n');
    expect(render('select 1 /* {{wallet}} */', [wallet])).toBe('select 1 /* 0xabcd */');
    expect(render("select '{{wallets}}'", [wallets], { wallets: ['0xAA', '0xbb'] })).toBe(
      "select '0xaa,0xbb'",
    );
  });
  it('refuses what is not 0x-prefixed hex of even length', () => {
    const problem = (v: string) =>
      `parameter "wallet": "${v}" is not 0x-prefixed hex of even length`;
    for (const bad of ['0xabc', '0xzz', 'abcd', "0x00' or 1=1 --", '', 'x0ab', '0x 00'])
      expect(() => render('select {{wallet}}', [wallet], { wallet: bad })).toThrow(problem(bad));
    expect(() => render('select {{wallets}}', [wallets], { wallets: ['0x01', '0x1'] })).toThrow(
      problem('0x1').replace('wallet"', 'wallets"'),
    );
    const huge = '0x' + 'ab'.repeat(60_000);
    expect(() => render('select {{wallet}}', [wallet], { wallet: huge })).toThrow(
      'parameter "wallet": is longer than 100000 characters',
    );
    const long = '0x' + 'g'.repeat(100);
    expect(() => render('select {{wallet}}', [wallet], { wallet: long })).toThrow(
      `"${long.slice(0, 57)}..." is not 0x-prefixed hex`,
    );
  });
  it('refuses a default that is not 0x-hex when the query is saved', () => {
    expect(() =>
      normalizeParameterDefs('select {{wallet}}', [{ ...wallet, value: '0xabc' }]),
    ).toThrow('default of parameter "wallet": "0xabc" is not 0x-prefixed hex of even length');
    expect(normalizeParameterDefs('select {{wallet}}', [wallet])).toEqual([wallet]);
  });
  it('may be saved without a default, and then needs a value for each run', () => {
    const none: Parameter = { ...wallet, value: '' };
    expect(normalizeParameterDefs('select {{wallet}}', [none])).toEqual([none]);
    expect(() => render('select {{wallet}}', [none])).toThrow(
      'parameter "wallet": "" is not 0x-prefixed hex of even length',
    );
    expect(render('select {{wallet}}', [none], { wallet: '0x01' })).toBe("select unhex('01')");
  });
  it('renders SQL the DuneSQL rewrite passes through', () => {
    const sql = render('select "from" from t where "from" = {{wallet}}', [wallet]);
    expect(rewriteDuneSql(sql).sql).toContain("= unhex('abcd')");
  });
});

import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Parameter } from '../../contract/parameters.js';
import { identName, isCode, isKeyword, lex, type Token } from '../../shared/sql/lexer.js';
import { ParameterError } from '../errors.js';
import { renderSql, resolveParameterValues } from './parameters.js';

/**
 * The shared lexer (shared/sql/lexer.ts) against DuckDB itself. Random SELECT lists of tricky
 * literals (quotes, backslashes, `$`, `{{`, comment marks and line breaks inside strings,
 * escape strings, strings continued over lines, dollar quotes with any tag, names with `$` and
 * non-ASCII letters, nested comments between items) are read twice: by DuckDB, which runs them,
 * and by the lexer's tokens; both must find the same columns and values. Then random templates
 * with placeholders in every context are rendered with random values (renderSql) and run: every
 * value lands exactly where its placeholder stood, whatever it holds.
 */

let instance: DuckDBInstance;
let conn: DuckDBConnection;
beforeAll(async () => {
  instance = await DuckDBInstance.create(':memory:');
  conn = await instance.connect();
});
afterAll(() => {
  conn.closeSync();
  instance.closeSync();
});

/** Column names and the one row DuckDB gives for `sql`. */
async function duckRow(sql: string): Promise<{ columns: string[]; values: unknown[] }> {
  const reader = await conn.runAndReadAll(sql);
  return { columns: reader.columnNames(), values: reader.getRowsJson()[0] ?? [] };
}

const PIECES = [
  "'",
  "''",
  '"',
  '\\',
  '$',
  '$$',
  '$a$',
  '{{',
  '}}',
  '{{x}}',
  '--',
  '/*',
  '*/',
  '\n',
  '\r',
  ' ',
  '\t',
  'a',
  'e',
  'E',
  'é',
  ',',
  ';',
];
const content = fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((p) => p.join(''));
const plainBody = (s: string) => s.replaceAll("'", "''");
const escapeBody = (s: string) => s.replaceAll('\\', '\\\\').replaceAll("'", "\\'");
/** What may separate two parts DuckDB reads as one string: blanks, `--` lines, a line break. */
const continuation = fc
  .array(fc.constantFrom(' ', '\t', '\f', '\n', '\r', "-- it's\n", '-- $$ /*\r'), {
    maxLength: 3,
  })
  .map((parts) => `${parts.join('')}\n`);

type Item = { sql: string; value: string | number };
const item: fc.Arbitrary<Item> = fc.oneof(
  content.map((c) => ({ sql: `'${plainBody(c)}'`, value: c })),
  fc
    .tuple(fc.constantFrom('E', 'e'), content)
    .map(([e, c]) => ({ sql: `${e}'${escapeBody(c)}'`, value: c })),
  fc.tuple(fc.boolean(), content, continuation, content).map(([escapes, c1, gap, c2]) => {
    const body = escapes ? escapeBody : plainBody;
    return { sql: `${escapes ? 'E' : ''}'${body(c1)}'${gap}'${body(c2)}'`, value: c1 + c2 };
  }),
  fc
    .tuple(fc.constantFrom('', 'a', 'é', 'tag_1', 'ß'), content)
    .filter(([tag, c]) => `${c}$${tag}$`.indexOf(`$${tag}$`) === c.length)
    .map(([tag, c]) => ({ sql: `$${tag}$${c}$${tag}$`, value: c })),
  fc
    .constantFrom('1_000', '.5', '1.', '1.e3', '2.5E-3', '42', '7e2')
    .map((n) => ({ sql: n, value: Number(n.replaceAll('_', '')) })),
);
const alias = (i: number) =>
  fc.oneof(
    fc
      .constantFrom('c', 'c$$', 'c$x$', 'é$$', 'ä', 'ce', 'c_e$')
      .map((w) => ({ sql: `${w}${i}`, name: `${w}${i}` })),
    content.map((c) => {
      const name = `q${i}${c}`;
      return { sql: `"${name.replaceAll('"', '""')}"`, name };
    }),
  );
const separator = fc.constantFrom(
  ', ',
  ',',
  ',\n',
  ', /* c */ ',
  ", /* a /* nested ' */ b $$ */ ",
  ", -- c, 'x' AS y\n",
  ", -- it's\r",
  ' /* , 1 AS z */, ',
);

/** The select list as the lexer's tokens read it: each item's alias and value. */
function readSelectList(sql: string): { name: string; value: string | number }[] {
  const tokens = lex(sql, { placeholders: false }).tokens.filter(isCode);
  const items: Token[][] = [[]];
  for (const t of tokens.slice(1)) {
    if (t.kind === 'punct' && t.text === ',') items.push([]);
    else items[items.length - 1]!.push(t);
  }
  return items.map((ts) => {
    const as = ts.findIndex((t) => isKeyword(t, 'AS'));
    const literals = ts.slice(0, as);
    const name = as >= 0 && as === ts.length - 2 ? identName(ts[as + 1]!) : '?';
    if (literals.length === 1 && literals[0]!.kind === 'number')
      return { name, value: Number(literals[0]!.text.replaceAll('_', '')) };
    return { name, value: literals.map(stringValue).join('') };
  });
}

/** The text a string token stands for (only the escapes this test writes are undone). */
function stringValue(t: Token): string {
  if (t.kind !== 'string') return `<${t.kind} ${t.text}>`;
  if (t.text.startsWith('$')) {
    const tag = /^\$[^$]*\$/.exec(t.text)![0];
    return t.text.slice(tag.length, -tag.length);
  }
  const body = t.text.slice(t.text.indexOf("'") + 1, -1);
  return t.escapes ? body.replace(/\\(.)|''/gs, (m, c) => c ?? "'") : body.replaceAll("''", "'");
}

describe('the shared lexer reads SQL as DuckDB does', () => {
  it('finds the same columns and values in random select lists', async () => {
    const list = fc
      .array(item, { minLength: 1, maxLength: 5 })
      .chain((items) =>
        fc.tuple(
          fc.constant(items),
          fc.tuple(...items.map((_, i) => alias(i))),
          fc.array(separator, { minLength: items.length, maxLength: items.length }),
        ),
      );
    await fc.assert(
      fc.asyncProperty(list, async ([items, aliases, seps]) => {
        const sql =
          'SELECT ' +
          items.map((it, i) => `${i ? seps[i] : ''}${it.sql} AS ${aliases[i]!.sql}`).join('');
        const expected = items.map((it, i) => ({ name: aliases[i]!.name, value: it.value }));
        expect(readSelectList(sql), sql).toEqual(expected);
        const duck = await duckRow(sql);
        expect(duck.columns, sql).toEqual(expected.map((e) => e.name));
        expect(
          duck.values.map((v, i) =>
            typeof expected[i]!.value === 'number' ? Number(v) : String(v),
          ),
          sql,
        ).toEqual(expected.map((e) => e.value));
      }),
      { numRuns: 300 },
    );
  });
});

const VALUE_PIECES = [
  "'",
  "''",
  '\\',
  '"',
  '--',
  '/*',
  '*/',
  '\n',
  '\r',
  '$',
  '{{x}}',
  'é',
  "E'",
  'a',
  ' ',
];
const value = fc.array(fc.constantFrom(...VALUE_PIECES), { maxLength: 6 }).map((p) => p.join(''));
const NAMES = ['p', "it's", 'a"b', 'x--y', 'c/*d*/', '$e$', 'Wash Trading', 'back\\slash'];
/** Text without braces, so that a template has no placeholders but the ones placed in it. */
const text = content.filter((c) => !/[{}]/.test(c));

/** A select item of a template with one placeholder, and the column it gives for a value. */
type Placed = { sql: (ph: string) => string; value: (v: string) => string | null };
const placed: fc.Arbitrary<Placed> = fc.oneof(
  fc.tuple(text, text).map(([a, b]) => ({
    sql: (ph: string) => `'${plainBody(a)}${ph}${plainBody(b)}'`,
    value: (v: string) => a + v + b,
  })),
  fc.tuple(text, text).map(([a, b]) => ({
    sql: (ph: string) => `E'${escapeBody(a)}${ph}${escapeBody(b)}'`,
    value: (v: string) => a + v + b,
  })),
  fc.tuple(text, continuation, text).map(([a, gap, b]) => ({
    sql: (ph: string) => `E'${escapeBody(a)}'${gap}'${escapeBody(b)}${ph}'`,
    value: (v: string) => a + b + v,
  })),
  fc
    .tuple(text, text)
    .filter(([a, b]) => !`${a}${b}`.includes('$'))
    .map(([a, b]) => ({
      sql: (ph: string) => `$t$${a}${ph}${b}$t$`,
      value: (v: string) => (v.includes('$') ? null : a + v + b),
    })),
  fc.constant({ sql: (ph: string) => ph, value: (v: string) => v }),
  fc.constant({ sql: (ph: string) => `'' /* ${ph} */`, value: () => '' }),
  fc.constant({ sql: (ph: string) => `'' -- ${ph}\n`, value: () => '' }),
);

describe('rendered parameters run as written', () => {
  it('puts every value exactly where its placeholder stands, whatever it holds', async () => {
    const template = fc.array(fc.tuple(placed, fc.constantFrom(...NAMES), value), {
      minLength: 1,
      maxLength: 4,
    });
    await fc.assert(
      fc.asyncProperty(template, async (items) => {
        const keys = items.map(([, name], i) => `${name}${i}`);
        const sql =
          'SELECT ' + items.map(([p], i) => `${p.sql(`{{ ${keys[i]} }}`)} AS "c${i}"`).join(',\n');
        const defs: Parameter[] = keys.map((key) => ({ key, type: 'text', value: '' }));
        const given = Object.fromEntries(items.map(([, , v], i) => [keys[i]!, v]));
        const expected = items.map(([p, , v]) => p.value(v));
        const render = () => renderSql(sql, resolveParameterValues(defs, given)).sql;
        if (expected.includes(null)) {
          expect(render, sql).toThrow(ParameterError);
          return;
        }
        const duck = await duckRow(render());
        expect(duck.columns).toEqual(items.map((_, i) => `c${i}`));
        expect(duck.values.map(String), sql).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps a negative number apart from a minus before it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -1000, max: 1000 }), async (n) => {
        const defs: Parameter[] = [{ key: 'n', type: 'number', value: '0' }];
        const sql = 'SELECT 0 -{{n}} AS d, 1 AS after';
        const duck = await duckRow(renderSql(sql, resolveParameterValues(defs, { n: `${n}` })).sql);
        expect(duck.values.map(Number)).toEqual([0 - n, 1]);
      }),
      { numRuns: 30 },
    );
  });
});

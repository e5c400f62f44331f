import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUNESQL_CASTS,
  DUNESQL_MACROS,
  duneFunction,
  duneFunctions,
} from '../../shared/sql/dunesql/functions.js';
import { isCode, lex } from '../../shared/sql/lexer.js';
import { duneRow, duneSandbox, macroSetupMs, type DuneSandbox } from './dunesql-functions-kit.js';

/**
 * The DuneSQL function catalog as a whole against a real DuckDB set up as a DuneSQL sandbox:
 * every name it runs by exists, no macro hides a DuckDB built-in but the operators `/` and `%`
 * (Trino's division by zero, in DuneSQL instances only: DuckDB SQL keeps its meaning), the
 * set-up is quick. The families are tested in dunesql-functions-*.test.ts.
 */

/** The macros named for an operator, as a call names them (`"%"`). */
const operatorMacros = DUNESQL_MACROS.flatMap(
  (s) => /^CREATE OR REPLACE MACRO ("[^"]+")\(/.exec(s)?.[1] ?? [],
);

let box: DuneSandbox;
let setupMs: number;
let builtins: Set<string>;
let defined: Set<string>;

const functionNames = async (conn: DuneSandbox['conn']) =>
  new Set(
    (await conn.runAndReadAll('SELECT DISTINCT function_name FROM duckdb_functions()'))
      .getRowsJson()
      .map((r) => String(r[0])),
  );

beforeAll(async () => {
  const plain = await DuckDBInstance.create(':memory:');
  const conn = await plain.connect();
  builtins = await functionNames(conn);
  conn.closeSync();
  plain.closeSync();
  box = await duneSandbox();
  setupMs = await macroSetupMs();
  defined = await functionNames(box.conn);
});
afterAll(() => box.close());

describe('the DuneSQL function catalog', () => {
  it('runs every function by a name DuckDB has once the macros are defined', () => {
    for (const f of duneFunctions()) {
      // A rename may be to an operator's macro (`mod` is `"%"`).
      if (f.run.kind === 'rename')
        expect([...builtins, ...operatorMacros], f.name).toContain(f.run.to);
      if (f.run.kind === 'macro') {
        expect(f.run.to, f.name).toMatch(/^dunesql_/);
        expect(defined, f.name).toContain(f.run.to);
      }
      if (f.run.kind === 'same' && !['coalesce', 'nullif', 'try', 'try_cast'].includes(f.name))
        expect(builtins, f.name).toContain(f.name);
    }
    for (const cast of Object.values(DUNESQL_CASTS)) {
      expect(defined).toContain(cast.cast);
      expect(defined).toContain(cast.tryCast);
    }
  });

  it('defines only dunesql_* macros, none named like a DuckDB built-in, but the operators', () => {
    const operators: string[] = [];
    for (const statement of DUNESQL_MACROS) {
      const operator = /^CREATE OR REPLACE MACRO "([^"]+)"\(/.exec(statement)?.[1];
      if (operator) {
        operators.push(operator);
        continue;
      }
      const name = /^CREATE OR REPLACE MACRO (\w+)\(/.exec(statement)?.[1];
      expect(name, statement.slice(0, 60)).toMatch(/^dunesql_/);
      expect(builtins).not.toContain(name);
    }
    // Trino's division by zero: `/` (which DuneSQL parses as `//`) and `%`.
    expect(operators.sort()).toEqual(['%', '//']);
    expect(DUNESQL_MACROS.length).toBeGreaterThan(100);
  });

  it('divides inside macros with the built-ins, not with the operators a query binds to', () => {
    // Each `/` or `%` would bind the zero check of OPERATOR_MACROS again (normal_cdf took
    // 31 ms to bind with them, 5 ms without).
    for (const statement of DUNESQL_MACROS) {
      const operators = lex(statement)
        .tokens.filter(isCode)
        .filter((t) => t.kind === 'punct' && (t.text === '/' || t.text === '%'));
      expect(operators, statement.slice(0, 60)).toEqual([]);
    }
  });

  it('knows each function once, by its lower-case name, with a signature and a doc', () => {
    const names = duneFunctions().map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const f of duneFunctions()) {
      expect(f.name).toBe(f.name.toLowerCase());
      expect(f.signature.startsWith(`${f.name}(`), f.signature).toBe(true);
      expect(f.doc.length, f.name).toBeGreaterThan(10);
      if (f.run.kind === 'unsupported') expect(f.doc, f.name).toMatch(/^Not supported on Strata/);
    }
    expect(duneFunction('VARBINARY_SUBSTRING')?.name).toBe('varbinary_substring');
    expect(duneFunction('no_such_function')).toBeUndefined();
  });

  it('covers every function of the spec page', () => {
    const spec = [
      ...['sequence', 'varbinary_substring', 'varbinary_to_uint256', 'varbinary_to_int256'],
      ...['varbinary_ltrim', 'varbinary_position', 'varbinary_to_decimal', 'varbinary_to_integer'],
      ...['bytearray_substring', 'bytearray_to_uint256', 'approx_percentile', 'date_add'],
      ...['from_hex', 'json_extract_scalar', 'json_parse', 'normal_cdf', 'rand', 'from_unixtime'],
      ...['approx_distinct', 'cardinality', 'element_at', 'array_join', 'array_max', 'array_min'],
      ...['slice', 'map_agg', 'every', 'date_format', 'date_parse', 'format_datetime'],
      ...['from_iso8601_timestamp', 'to_iso8601', 'to_unixtime', 'day_of_week', 'dow'],
      ...['last_day_of_month', 'regexp_like', 'truncate', 'is_nan', 'nan', 'infinity'],
      ...['bitwise_and', 'bitwise_or', 'bitwise_xor', 'bitwise_not', 'codepoint'],
      ...['levenshtein_distance', 'to_utf8', 'from_utf8', 'transform', 'reduce', 'zip_with'],
      ...['keccak', 'from_base58', 'to_base58', 'get_href', 'get_chain_explorer_address'],
      ...['date_diff', 'greatest', 'least', 'regexp_replace', 'format', 'substr', 'length'],
    ];
    for (const name of spec) expect(duneFunction(name)?.run.kind, name).toMatch(/./);
  });

  it('creates all its macros in a fraction of a second', () => {
    // Measured: ~50 ms on this machine (sandboxes attach them ready-made from a library); the
    // bound only catches a blow-up.
    expect(setupMs).toBeLessThan(3000);
  });

  it('divides integers as Trino does: truncating toward zero', async () => {
    expect(await duneRow(box, 'SELECT 7 / 2, -7 / 2, 7 / -2, -7 % 2, 7 / 2.0')).toEqual([
      3, -3, -3, -1, 3.5,
    ]);
    expect(await duneRow(box, 'SELECT CAST(-7 AS bigint) / 2, 1 / 3 * 3')).toEqual(['-3', 0]);
  });
});

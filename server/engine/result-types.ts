import { quoteIdent, quoteLiteral } from './duck.js';

/**
 * DuckDB result column types: parsing the type text DESCRIBE prints, naming it on the wire
 * (the hosted service's Trino-style "DuneSQL" names for `column_types`), and SQL expressions
 * that render one value as JSON or CSV text on the trusted DuckDB instance, so a page is built
 * by DuckDB and never parsed into JS objects.
 *
 * Wire contract for JSON values (`jsonValueSql`), the same at the top level and inside
 * LIST/ARRAY/STRUCT/MAP values:
 * - NULL → null; BOOLEAN → true/false.
 * - TINYINT..BIGINT, UTINYINT..UBIGINT, DECIMAL, FLOAT, DOUBLE → a JSON number (FLOAT printed
 *   shortest, e.g. 0.1 not 0.10000000149011612; DECIMAL with its scale, e.g. 1.5000000000);
 *   NaN, +inf, -inf → the strings "NaN", "Infinity", "-Infinity".
 * - HUGEINT, UHUGEINT, VARINT/BIGNUM → a string of decimal digits ("-12345...").
 * - VARCHAR, ENUM, UUID, BIT, INTERVAL ("1 day 02:00:00"), TIME, TIME WITH TIME ZONE, UNION
 *   and any type not listed → a string (DuckDB's cast to VARCHAR).
 * - DATE → "YYYY-MM-DD" (DuckDB's rendering: "infinity", "0045-03-15 (BC)" at the edges).
 * - TIMESTAMP, TIMESTAMP_S/MS/NS → "YYYY-MM-DD hh:mm:ss.SSS" (truncated to milliseconds), with
 *   no zone: a naive timestamp is a wall time in no zone (such as `ts AT TIME ZONE
 *   'America/New_York'` of an instant), as the hosted service's Trino renders `timestamp(3)`.
 *   TIMESTAMP WITH TIME ZONE (an instant) → converted to UTC whatever the session time zone,
 *   and labelled so: "YYYY-MM-DD hh:mm:ss.SSS UTC", the hosted service's rendering of
 *   `timestamp(3) with time zone`. "infinity"/"-infinity" stay as such.
 * - BLOB → "0x" + lowercase hex.
 * - JSON → the JSON value itself (text that is not valid JSON → a JSON string of it).
 * - LIST/ARRAY → array; named STRUCT → object (field order kept); unnamed STRUCT → array;
 *   MAP → object whose keys are DuckDB's VARCHAR rendering of the keys.
 * CSV values (`csvValueSql`) use the same text for dates, timestamps and blobs, JSON text for
 * LIST/ARRAY/STRUCT/MAP/JSON, DuckDB's cast to VARCHAR for everything else (so "nan", "inf"),
 * and stay NULL for NULL (an empty field).
 */

export type DuckType =
  | { kind: 'scalar'; name: string }
  | { kind: 'decimal'; precision: number; scale: number }
  | { kind: 'enum' }
  | { kind: 'list'; element: DuckType; size?: number }
  | { kind: 'struct'; fields: { name: string | null; type: DuckType }[] }
  | { kind: 'map'; key: DuckType; value: DuckType }
  | { kind: 'union' }
  | { kind: 'unknown'; text: string };

/** Canonical scalar names (as DESCRIBE prints them) and their aliases. */
const ALIASES: Record<string, string> = {
  BOOL: 'BOOLEAN',
  LOGICAL: 'BOOLEAN',
  INT1: 'TINYINT',
  INT2: 'SMALLINT',
  SHORT: 'SMALLINT',
  INT: 'INTEGER',
  INT4: 'INTEGER',
  SIGNED: 'INTEGER',
  INT8: 'BIGINT',
  LONG: 'BIGINT',
  INT128: 'HUGEINT',
  UINT8: 'UTINYINT',
  UINT16: 'USMALLINT',
  UINT32: 'UINTEGER',
  UINT64: 'UBIGINT',
  UINT128: 'UHUGEINT',
  BIGNUM: 'VARINT',
  FLOAT4: 'FLOAT',
  REAL: 'FLOAT',
  FLOAT8: 'DOUBLE',
  'DOUBLE PRECISION': 'DOUBLE',
  TEXT: 'VARCHAR',
  STRING: 'VARCHAR',
  CHAR: 'VARCHAR',
  BPCHAR: 'VARCHAR',
  NVARCHAR: 'VARCHAR',
  BYTEA: 'BLOB',
  BINARY: 'BLOB',
  VARBINARY: 'BLOB',
  BITSTRING: 'BIT',
  DATETIME: 'TIMESTAMP',
  TIMESTAMP_US: 'TIMESTAMP',
  'TIMESTAMP WITHOUT TIME ZONE': 'TIMESTAMP',
  TIMESTAMPTZ: 'TIMESTAMP WITH TIME ZONE',
  TIMETZ: 'TIME WITH TIME ZONE',
  TIME_NS: 'TIME',
  NUMERIC: 'DECIMAL',
};

/**
 * Wire names of the scalar types; any other scalar is `varchar` on the wire. DuneSQL has no
 * 128-bit integer: where the hosted service's Trino keeps `sum(bigint)` a `bigint` (failing on
 * overflow), DuckDB widens it to HUGEINT, so the label says what the values are: `int128`
 * (and `uint128` for UHUGEINT), not the wider `int256` that an upload's column would be.
 */
const SCALAR_WIRE: Record<string, string> = {
  BOOLEAN: 'boolean',
  TINYINT: 'tinyint',
  SMALLINT: 'smallint',
  INTEGER: 'integer',
  BIGINT: 'bigint',
  HUGEINT: 'int128',
  UTINYINT: 'integer',
  USMALLINT: 'integer',
  UINTEGER: 'bigint',
  UBIGINT: 'decimal(20,0)',
  UHUGEINT: 'uint128',
  VARINT: 'int256',
  FLOAT: 'real',
  DOUBLE: 'double',
  VARCHAR: 'varchar',
  BLOB: 'varbinary',
  BIT: 'varchar',
  DATE: 'date',
  TIME: 'time(3)',
  'TIME WITH TIME ZONE': 'time(3) with time zone',
  TIMESTAMP: 'timestamp(3)',
  TIMESTAMP_S: 'timestamp(3)',
  TIMESTAMP_MS: 'timestamp(3)',
  TIMESTAMP_NS: 'timestamp(3)',
  'TIMESTAMP WITH TIME ZONE': 'timestamp(3) with time zone',
  INTERVAL: 'interval day to second',
  UUID: 'uuid',
  JSON: 'json',
};

/** The DuckDB → wire type table, for the docs. */
export const WIRE_TYPE_TABLE: readonly { duckdb: string; wire: string }[] = [
  ...Object.entries(SCALAR_WIRE).map(([duckdb, wire]) => ({ duckdb, wire })),
  { duckdb: 'DECIMAL(p,s)', wire: 'decimal(p,s)' },
  { duckdb: 'ENUM(...)', wire: 'varchar' },
  { duckdb: 'T[] (LIST), T[n] (ARRAY)', wire: 'array(t)' },
  { duckdb: 'STRUCT(a T, b U)', wire: 'row(a t, b u)' },
  { duckdb: 'MAP(K, V)', wire: 'map(k, v)' },
  { duckdb: 'UNION(...), other types', wire: 'varchar' },
];

type Tok = { t: 'word' | 'ident' | 'string' | 'num' | 'punct'; v: string };

function lexType(text: string): Tok[] | null {
  const toks: Tok[] = [];
  const re = /\s+|([A-Za-z_][A-Za-z0-9_]*)|"((?:[^"]|"")*)"|'((?:[^']|'')*)'|(\d+)|([()[\],])/y;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length) {
    const at = re.lastIndex;
    if (!(m = re.exec(text)) || re.lastIndex === at) return null;
    if (m[1] !== undefined) toks.push({ t: 'word', v: m[1] });
    else if (m[2] !== undefined) toks.push({ t: 'ident', v: m[2].replaceAll('""', '"') });
    else if (m[3] !== undefined) toks.push({ t: 'string', v: m[3] });
    else if (m[4] !== undefined) toks.push({ t: 'num', v: m[4] });
    else if (m[5] !== undefined) toks.push({ t: 'punct', v: m[5] });
  }
  return toks;
}

class TypeParser {
  i = 0;
  constructor(private readonly toks: Tok[]) {}
  peek = (v: string) => this.toks[this.i]?.t === 'punct' && this.toks[this.i]?.v === v;
  expect(v: string) {
    if (!this.peek(v)) throw new Error(`expected ${v}`);
    this.i++;
  }
  done = () => this.i >= this.toks.length;

  type(): DuckType {
    const words: string[] = [];
    while (this.toks[this.i]?.t === 'word') words.push(this.toks[this.i++]!.v.toUpperCase());
    if (words.length === 0) throw new Error('expected a type name');
    let base = words.join(' ');
    base = ALIASES[base] ?? base;
    if (base.startsWith('VARCHAR ')) base = 'VARCHAR'; // VARCHAR COLLATE x
    let t: DuckType;
    if (this.peek('(')) {
      this.i++;
      if (base === 'DECIMAL') t = this.decimal();
      else if (base === 'STRUCT' || base === 'ROW') t = { kind: 'struct', fields: this.fields() };
      else if (base === 'UNION') t = (this.fields(), { kind: 'union' });
      else if (base === 'MAP') {
        const key = this.type();
        this.expect(',');
        t = { kind: 'map', key, value: this.type() };
      } else
        t = (this.skipArgs(), base === 'ENUM' ? { kind: 'enum' } : { kind: 'scalar', name: base });
      this.expect(')');
    } else if (base === 'DECIMAL') t = { kind: 'decimal', precision: 18, scale: 3 };
    else t = { kind: 'scalar', name: base };
    while (this.peek('[')) {
      this.i++;
      const size = this.toks[this.i]?.t === 'num' ? Number(this.toks[this.i++]!.v) : undefined;
      this.expect(']');
      t = size === undefined ? { kind: 'list', element: t } : { kind: 'list', element: t, size };
    }
    return t;
  }

  private decimal(): DuckType {
    const nums: number[] = [];
    while (this.toks[this.i]?.t === 'num') {
      nums.push(Number(this.toks[this.i++]!.v));
      if (this.peek(',')) this.i++;
    }
    return { kind: 'decimal', precision: nums[0] ?? 18, scale: nums[1] ?? 0 };
  }

  private fields() {
    const fields: { name: string | null; type: DuckType }[] = [];
    do {
      const tok = this.toks[this.i];
      const next = this.toks[this.i + 1];
      // `name TYPE`: a quoted name, or a word followed by another word (the type), unless
      // the words are one multi-word type (`TIMESTAMP WITH TIME ZONE` in an unnamed STRUCT).
      const named =
        tok?.t === 'ident' || (tok?.t === 'word' && next?.t === 'word' && !this.multiWordType());
      const name = named ? (this.i++, tok.v) : null;
      fields.push({ name, type: this.type() });
    } while (this.peek(',') && ++this.i);
    return fields;
  }

  private multiWordType() {
    const words: string[] = [];
    for (let j = this.i; this.toks[j]?.t === 'word'; j++) words.push(this.toks[j]!.v.toUpperCase());
    const name = words.join(' ');
    return name in SCALAR_WIRE || name in ALIASES;
  }

  private skipArgs() {
    let depth = 0;
    while (!this.done() && (depth > 0 || !this.peek(')'))) {
      if (this.peek('(')) depth++;
      else if (this.peek(')')) depth--;
      this.i++;
    }
  }
}

/** Parses a DuckDB type as DESCRIBE prints it; text it cannot read is `unknown`. */
export function parseDuckType(text: string): DuckType {
  const toks = lexType(text);
  if (!toks) return { kind: 'unknown', text };
  try {
    const p = new TypeParser(toks);
    const t = p.type();
    return p.done() ? t : { kind: 'unknown', text };
  } catch {
    return { kind: 'unknown', text };
  }
}

const wireFieldName = (name: string) =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : quoteIdent(name);

function wireOf(t: DuckType): string {
  switch (t.kind) {
    case 'scalar':
      return SCALAR_WIRE[t.name] ?? 'varchar';
    case 'decimal':
      return `decimal(${t.precision},${t.scale})`;
    case 'list':
      return `array(${wireOf(t.element)})`;
    case 'struct':
      return `row(${t.fields.map((f) => (f.name === null ? '' : `${wireFieldName(f.name)} `) + wireOf(f.type)).join(', ')})`;
    case 'map':
      return `map(${wireOf(t.key)}, ${wireOf(t.value)})`;
    default:
      return 'varchar';
  }
}

/** The wire (`column_types`) name of a DuckDB type, e.g. `DECIMAL(38,0)` → `decimal(38,0)`. */
export const wireTypeName = (duckType: string) => wireOf(parseDuckType(duckType));

/** A naive timestamp's text: its wall time, no zone. */
const TS_FORMAT = quoteLiteral('%Y-%m-%d %H:%M:%S.%g');
/** An instant's text: its UTC time, labelled UTC. */
const TSTZ_FORMAT = quoteLiteral('%Y-%m-%d %H:%M:%S.%g UTC');
const TIMESTAMPS = new Set(['TIMESTAMP', 'TIMESTAMP_S', 'TIMESTAMP_MS', 'TIMESTAMP_NS']);
const PLAIN_JSON = new Set([
  'BOOLEAN',
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'BIGINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
  'UBIGINT',
  'VARCHAR',
]);

/** Scalars whose JSON/CSV text is a formatted VARCHAR (`null` when a plain cast does). */
function formattedText(e: string, t: DuckType): string | null {
  if (t.kind !== 'scalar') return null;
  if (TIMESTAMPS.has(t.name)) return `strftime(${e}, ${TS_FORMAT})`;
  if (t.name === 'TIMESTAMP WITH TIME ZONE')
    return `strftime(timezone('UTC', ${e}), ${TSTZ_FORMAT})`;
  if (t.name === 'BLOB') return `('0x' || lower(hex(${e})))`;
  return null;
}

/** True when DuckDB's own to_json already renders the value by the wire contract. */
function plainJson(t: DuckType): boolean {
  switch (t.kind) {
    case 'scalar':
      return PLAIN_JSON.has(t.name);
    case 'decimal':
      return true;
    case 'list':
      return plainJson(t.element);
    case 'struct':
      return t.fields.every((f) => f.name !== null && plainJson(f.type));
    case 'map':
      return plainJson(t.value); // keys are rendered by DuckDB either way
    default:
      return false;
  }
}

/**
 * An expression for the JSON value of `e` (of type `t`): JSON-typed, or `e` itself when
 * DuckDB's JSON rendering of it already follows the contract (json_object and to_json then
 * render it directly, which also keeps every digit of wide DECIMALs). `depth` names lambda
 * variables.
 */
function jsonExpr(e: string, t: DuckType, depth: number): string {
  if (plainJson(t)) return e;
  const v = `__v${depth}`;
  switch (t.kind) {
    case 'scalar': {
      const text = formattedText(e, t);
      if (text) return `to_json(${text})`;
      if (t.name === 'FLOAT' || t.name === 'DOUBLE') {
        const num = t.name === 'FLOAT' ? `CAST(CAST(${e} AS VARCHAR) AS JSON)` : `to_json(${e})`;
        return `CASE WHEN isnan(${e}) THEN to_json('NaN') WHEN isinf(${e}) AND ${e} > 0 THEN to_json('Infinity') WHEN isinf(${e}) THEN to_json('-Infinity') ELSE ${num} END`;
      }
      if (t.name === 'JSON') {
        const s = `CAST(${e} AS VARCHAR)`;
        return `COALESCE(TRY_CAST(${s} AS JSON), to_json(${s}))`;
      }
      return `to_json(CAST(${e} AS VARCHAR))`;
    }
    case 'list':
      return `to_json(list_transform(${e}, lambda ${v}: ${jsonExpr(v, t.element, depth + 1)}))`;
    case 'struct': {
      const parts = t.fields.map((f, i) => {
        const fe = `struct_extract(${e}, ${f.name === null ? i + 1 : quoteLiteral(f.name)})`;
        const value = jsonExpr(fe, f.type, depth);
        return f.name === null ? value : `${quoteLiteral(f.name)}, ${value}`;
      });
      const built = t.fields.some((f) => f.name === null)
        ? `json_array(${parts.join(', ')})`
        : `json_object(${parts.join(', ')})`;
      return `CASE WHEN ${e} IS NULL THEN NULL ELSE ${built} END`;
    }
    case 'map': {
      const value = jsonExpr(`${v}.value`, t.value, depth + 1);
      return `to_json(map_from_entries(list_transform(map_entries(${e}), lambda ${v}: {'key': ${v}.key, 'value': ${value}})))`;
    }
    default:
      return `to_json(CAST(${e} AS VARCHAR))`;
  }
}

/**
 * A SQL expression for `column` of DuckDB type `duckType`, for use as a value in
 * `json_object('a', <expr>, ...)` (see the wire contract at the top of this file); wrap it in
 * `to_json(...)` to use it elsewhere. Pass the type of the column as it is in the file read.
 */
export const jsonValueSql = (column: string, duckType: string) =>
  jsonExpr(quoteIdent(column), parseDuckType(duckType), 1);

/** A VARCHAR SQL expression (NULL for NULL) for `column` in CSV output. */
export function csvValueSql(column: string, duckType: string): string {
  const e = quoteIdent(column);
  const t = parseDuckType(duckType);
  const text = formattedText(e, t);
  if (text) return text;
  if (t.kind === 'list' || t.kind === 'struct' || t.kind === 'map') {
    return `CAST(to_json(${jsonExpr(e, t, 1)}) AS VARCHAR)`;
  }
  return `CAST(${e} AS VARCHAR)`;
}

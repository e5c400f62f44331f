import duckdb from '@duckdb/node-bindings';
import { type DuckDBType, DuckDBTypeId } from '@duckdb/node-api';
import {
  Binary,
  Bool,
  type Data,
  type DataType,
  DateDay,
  Decimal,
  Float32,
  Float64,
  Int16,
  Int32,
  Int64,
  Int8,
  Time,
  TimeUnit,
  Timestamp,
  Uint16,
  Uint32,
  Uint64,
  Uint8,
  Utf8,
  makeData,
} from 'apache-arrow';

/**
 * The columns of an Arrow IPC stream built from DuckDB's vectors (result-arrow.ts writes the stream):
 * fixed-width values and validity masks copied as bytes, strings and blobs gathered, booleans
 * packed into bits.
 */

/** DuckDB types whose vectors are written as Arrow columns here; the rest are cast first. */
export const ARROW_NATIVE =
  /^(BOOLEAN|TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|FLOAT|DOUBLE|DATE|TIME|TIMESTAMP|TIMESTAMP_S|TIMESTAMP_MS|TIMESTAMP_NS|TIMESTAMP WITH TIME ZONE|VARCHAR|BLOB|DECIMAL\(\d+,\d+\))$/;

type Column = {
  arrow: DataType;
  /** Bytes of one value in DuckDB's vector (0: a string_t of 16 bytes, read by gather). */
  width: number;
  kind: 'fixed' | 'bool' | 'string' | 'decimal';
};

const FIXED: Partial<Record<DuckDBTypeId, [DataType, number]>> = {
  [DuckDBTypeId.TINYINT]: [new Int8(), 1],
  [DuckDBTypeId.SMALLINT]: [new Int16(), 2],
  [DuckDBTypeId.INTEGER]: [new Int32(), 4],
  [DuckDBTypeId.BIGINT]: [new Int64(), 8],
  [DuckDBTypeId.UTINYINT]: [new Uint8(), 1],
  [DuckDBTypeId.USMALLINT]: [new Uint16(), 2],
  [DuckDBTypeId.UINTEGER]: [new Uint32(), 4],
  [DuckDBTypeId.UBIGINT]: [new Uint64(), 8],
  [DuckDBTypeId.FLOAT]: [new Float32(), 4],
  [DuckDBTypeId.DOUBLE]: [new Float64(), 8],
  [DuckDBTypeId.DATE]: [new DateDay(), 4],
  [DuckDBTypeId.TIME]: [new Time(TimeUnit.MICROSECOND, 64), 8],
  [DuckDBTypeId.TIMESTAMP]: [new Timestamp(TimeUnit.MICROSECOND), 8],
  [DuckDBTypeId.TIMESTAMP_S]: [new Timestamp(TimeUnit.SECOND), 8],
  [DuckDBTypeId.TIMESTAMP_MS]: [new Timestamp(TimeUnit.MILLISECOND), 8],
  [DuckDBTypeId.TIMESTAMP_NS]: [new Timestamp(TimeUnit.NANOSECOND), 8],
  [DuckDBTypeId.TIMESTAMP_TZ]: [new Timestamp(TimeUnit.MICROSECOND, 'UTC'), 8],
};

export function columnOf(type: DuckDBType): Column {
  const fixed = FIXED[type.typeId];
  if (fixed) return { arrow: fixed[0], width: fixed[1], kind: 'fixed' };
  switch (type.typeId) {
    case DuckDBTypeId.BOOLEAN:
      return { arrow: new Bool(), width: 1, kind: 'bool' };
    case DuckDBTypeId.VARCHAR:
      return { arrow: new Utf8(), width: 16, kind: 'string' };
    case DuckDBTypeId.BLOB:
      return { arrow: new Binary(), width: 16, kind: 'string' };
    case DuckDBTypeId.DECIMAL: {
      const { width, scale } = type as DuckDBType & { width: number; scale: number };
      const bytes = width <= 4 ? 2 : width <= 9 ? 4 : width <= 18 ? 8 : 16;
      return { arrow: new Decimal(scale, width, 128), width: bytes, kind: 'decimal' };
    }
    default:
      throw new Error(`no Arrow column for DuckDB type ${type.toString()}`);
  }
}

const POP = Uint8Array.from({ length: 256 }, (_, i) => {
  let c = 0;
  for (let b = i; b; b >>= 1) c += b & 1;
  return c;
});

/**
 * Bytes that grow as parts are appended; `take` hands them over and starts again with a buffer
 * of the size the last batch needed, so batches after the first are neither grown nor copied.
 */
class Bytes {
  private buf: Uint8Array;
  length = 0;
  constructor(initial = 1 << 16) {
    this.buf = new Uint8Array(initial);
  }
  reserve(more: number): Uint8Array {
    if (this.length + more > this.buf.length) {
      const next = new Uint8Array(Math.max(this.buf.length * 2, this.length + more));
      next.set(this.buf.subarray(0, this.length));
      this.buf = next;
    }
    return this.buf;
  }
  append(part: Uint8Array) {
    this.reserve(part.length).set(part, this.length);
    this.length += part.length;
  }
  take(): Uint8Array {
    const out = this.buf.subarray(0, this.length);
    this.buf = new Uint8Array(this.buf.length);
    this.length = 0;
    return out;
  }
}

/**
 * One column of a batch, built from the vectors of the DuckDB chunks it spans: values as Arrow
 * lays them out, and the validity bitmap (kept only once a null is seen).
 */
export class ColumnBuilder {
  private rows = 0;
  private nulls = 0;
  private bitmap: Bytes | undefined;
  private readonly values = new Bytes();
  /** Strings and blobs: the end offset of each row so far (Arrow's offsets but the first 0). */
  private offsets: Int32Array = new Int32Array(1 << 12);
  private bits = 0;

  constructor(readonly column: Column) {}

  append(vector: duckdb.Vector, n: number) {
    const mask = duckdb.vector_get_validity(vector, Math.ceil(n / 64) * 8) as Uint8Array | null;
    const valid = mask ? this.appendValidity(mask, n) : this.appendAllValid(n);
    switch (this.column.kind) {
      case 'fixed':
        this.values.append(duckdb.vector_get_data(vector, n * this.column.width));
        break;
      case 'bool':
        this.appendBools(duckdb.vector_get_data(vector, n), n);
        break;
      case 'decimal':
        this.appendDecimals(duckdb.vector_get_data(vector, n * this.column.width), n);
        break;
      case 'string':
        this.appendStrings(duckdb.vector_get_data(vector, n * 16), n, valid);
        break;
    }
    this.rows += n;
  }

  /** Appends `n` rows' validity from DuckDB's mask (64-bit words, 1 = valid); returns it, rebased. */
  private appendValidity(mask: Uint8Array, n: number): (i: number) => boolean {
    const bytes = Math.ceil(n / 8);
    let valid = 0;
    for (let i = 0; i < bytes; i++) valid += POP[mask[i]!]!;
    const extra = bytes * 8 - n; // bits of the last byte past n are not rows
    if (extra > 0) valid -= POP[mask[bytes - 1]! >> (8 - extra)]!;
    const isValid = (i: number) => (mask[i >> 3]! & (1 << (i & 7))) !== 0;
    if (valid === n) return this.appendAllValid(n);
    this.nulls += n - valid;
    this.startBitmap();
    this.appendBits(mask, n);
    return isValid;
  }

  private appendAllValid(n: number): () => boolean {
    if (this.bitmap) this.appendBits(undefined, n);
    return () => true;
  }

  /** The bitmap, all valid so far, once the first null comes. */
  private startBitmap() {
    if (this.bitmap) return;
    this.bitmap = new Bytes();
    this.bits = 0;
    this.appendBits(undefined, this.rows);
  }

  /** Appends `n` bits of `from` (none: all set) at bit `this.bits` of the bitmap. */
  private appendBits(from: Uint8Array | undefined, n: number) {
    const bitmap = this.bitmap!;
    const end = this.bits + n;
    const buf = bitmap.reserve(Math.ceil(end / 8) - bitmap.length);
    const shift = this.bits & 7;
    if (shift === 0) {
      const bytes = Math.ceil(n / 8);
      if (from) buf.set(from.subarray(0, bytes), this.bits >> 3);
      else buf.fill(0xff, this.bits >> 3, (this.bits >> 3) + bytes);
    } else {
      for (let i = 0; i < n; i++) {
        const bit = this.bits + i;
        const on = !from || (from[i >> 3]! & (1 << (i & 7))) !== 0;
        if (on) buf[bit >> 3]! |= 1 << (bit & 7);
        else buf[bit >> 3]! &= ~(1 << (bit & 7));
      }
    }
    this.bits = end;
    bitmap.length = Math.ceil(end / 8);
  }

  /** DuckDB's booleans (a byte each) packed into Arrow's bits. */
  private appendBools(raw: Uint8Array, n: number) {
    const end = this.rows + n;
    const buf = this.values.reserve(Math.ceil(end / 8) - this.values.length);
    for (let i = 0; i < n; i++) {
      const bit = this.rows + i;
      if (raw[i] === 1) buf[bit >> 3]! |= 1 << (bit & 7);
      else buf[bit >> 3]! &= ~(1 << (bit & 7));
    }
    this.values.length = Math.ceil(end / 8);
  }

  /** DuckDB's decimals (2, 4, 8 or 16 bytes each) widened to Arrow's 16-byte two's complement. */
  private appendDecimals(raw: Uint8Array, n: number) {
    const width = this.column.width;
    if (width === 16) return this.values.append(raw);
    const buf = this.values.reserve(n * 16);
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    const out = new DataView(buf.buffer, buf.byteOffset + this.values.length, n * 16);
    for (let i = 0; i < n; i++) {
      const v =
        width === 2
          ? view.getInt16(i * 2, true)
          : width === 4
            ? view.getInt32(i * 4, true)
            : Number(view.getBigInt64(i * 8, true));
      if (width === 8 && !Number.isSafeInteger(v)) {
        const big = view.getBigInt64(i * 8, true);
        out.setBigInt64(i * 16, big, true);
        out.setBigInt64(i * 16 + 8, big < 0n ? -1n : 0n, true);
        continue;
      }
      // a safe integer in two 32-bit halves, then the sign across the upper 8 bytes
      out.setUint32(i * 16, v >>> 0, true);
      out.setInt32(i * 16 + 4, Math.floor(v / 2 ** 32), true);
      const sign = v < 0 ? -1 : 0;
      out.setInt32(i * 16 + 8, sign, true);
      out.setInt32(i * 16 + 12, sign, true);
    }
    this.values.length += n * 16;
  }

  /**
   * Strings and blobs: DuckDB's string_t entries (a length, then up to 12 bytes inline, or a
   * prefix and a pointer) gathered into Arrow's bytes and offsets. A null's entry is not read.
   * Longer strings are read a run at a time (longRuns), not one native call each.
   */
  private appendStrings(raw: Uint8Array, n: number, isValid: (i: number) => boolean) {
    const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
    if (this.offsets.length < this.rows + n) {
      const next = new Int32Array(Math.max(this.offsets.length * 2, this.rows + n));
      next.set(this.offsets.subarray(0, this.rows));
      this.offsets = next;
    }
    const lengths = new Uint32Array(n);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      lengths[i] = isValid(i) ? view.getUint32(i * 16, true) : 0;
      sum += lengths[i]!;
    }
    const start = this.values.length;
    const buf = this.values.reserve(sum);
    let total = start;
    for (let i = 0; i < n; i++) {
      total += lengths[i]!;
      this.offsets[this.rows + i] = total;
    }
    let at = start;
    for (let i = 0; i < n; i++) {
      const length = lengths[i]!;
      if (length <= 12) for (let b = 0; b < length; b++) buf[at + b] = raw[i * 16 + 4 + b]!;
      at += length;
    }
    for (const run of longRuns(raw, view, lengths)) {
      const bytes = duckdb.get_data_from_pointer(
        raw.buffer as ArrayBuffer,
        raw.byteOffset + run.first * 16 + 8,
        run.end - run.start,
      );
      for (const i of run.rows) {
        const from = pointerAt(view, i) - run.start;
        const to = start + (i === 0 ? 0 : this.offsets[this.rows + i - 1]! - start);
        buf.set(bytes.subarray(from, from + lengths[i]!), to);
      }
    }
    this.values.length = total;
  }

  /** The column's Arrow data so far; the builder starts again empty. */
  finish(): Data {
    const c = this.column;
    const base = {
      length: this.rows,
      nullCount: this.nulls,
      nullBitmap: this.bitmap?.take(),
    };
    const values = this.values.take();
    let data: Data;
    if (c.kind === 'string') {
      const offsets = new Int32Array(this.rows + 1);
      offsets.set(this.offsets.subarray(0, this.rows), 1);
      data = makeData({ ...base, type: c.arrow as Utf8, valueOffsets: offsets, data: values });
    } else if (c.kind === 'decimal') {
      data = makeData({
        ...base,
        type: c.arrow as Decimal,
        data: new Uint32Array(values.buffer, values.byteOffset, values.length / 4),
      });
    } else data = makeData({ ...base, type: c.arrow as Int32, data: values as never });
    this.rows = 0;
    this.nulls = 0;
    this.bitmap = undefined;
    this.bits = 0;
    return data;
  }
}

/** The pointer of a long string_t entry (x86-64 and arm64 pointers fit a double exactly). */
const pointerAt = (view: DataView, i: number) =>
  view.getUint32(i * 16 + 12, true) * 2 ** 32 + view.getUint32(i * 16 + 8, true);

/**
 * Long strings whose bytes can be read in one call: a run starts at a string's first byte and
 * takes each next string that starts at most a page (4 KiB) past the bytes the run covers so
 * far. So every byte of [start, end) lies in a string or in a gap shorter than a page between
 * two strings' bytes, which are mapped: a page in between cannot be unmapped. (DuckDB keeps a
 * chunk's strings in a few buffers, mostly in row order: a handful of runs a chunk.)
 */
function longRuns(raw: Uint8Array, view: DataView, lengths: Uint32Array) {
  const runs: { first: number; start: number; end: number; rows: number[] }[] = [];
  let run: (typeof runs)[number] | undefined;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!;
    if (length <= 12) continue;
    const p = pointerAt(view, i);
    if (run && p >= run.start && p <= run.end + 4096) {
      run.end = Math.max(run.end, p + length);
      run.rows.push(i);
      continue;
    }
    run = { first: i, start: p, end: p + length, rows: [i] };
    runs.push(run);
  }
  return runs;
}

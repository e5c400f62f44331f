import { describe, expect, it } from 'vitest';
import {
  columnKind,
  copyText,
  estimateColumnWidth,
  formatValue,
  MAX_CELL_CHARS,
  rowToTsv,
  tsvField,
} from './format-value';

describe('columnKind', () => {
  it.each([
    ['bigint', 'number'],
    ['integer', 'number'],
    ['double', 'number'],
    ['real', 'number'],
    ['decimal(38,0)', 'number'],
    ['int256', 'number'],
    ['uint256', 'number'],
    ['boolean', 'boolean'],
    ['date', 'temporal'],
    ['timestamp(3)', 'temporal'],
    ['timestamp(3) with time zone', 'temporal'],
    ['time(3)', 'temporal'],
    ['interval day to second', 'temporal'],
    ['array(bigint)', 'json'],
    ['row(a bigint, b varchar)', 'json'],
    ['map(varchar, bigint)', 'json'],
    ['json', 'json'],
    ['varbinary', 'binary'],
    ['varchar', 'text'],
    ['uuid', 'text'],
    ['BIGINT', 'number'],
  ])('%s is %s', (type, kind) => {
    expect(columnKind(type)).toBe(kind);
  });
});

describe('formatValue', () => {
  it('shows NULL for null, distinct from the empty string', () => {
    expect(formatValue(null, 'varchar')).toEqual({ text: 'NULL', kind: 'null', align: 'left' });
    expect(formatValue('', 'varchar')).toEqual({ text: '', kind: 'empty', align: 'left' });
    expect(formatValue('NULL', 'varchar')).toEqual({ text: 'NULL', kind: 'text', align: 'left' });
  });
  it('right-aligns numbers, null numbers too', () => {
    expect(formatValue(42, 'bigint')).toEqual({ text: '42', kind: 'number', align: 'right' });
    expect(formatValue(1.5, 'double').align).toBe('right');
    expect(formatValue(null, 'double')).toEqual({ text: 'NULL', kind: 'null', align: 'right' });
  });
  it('keeps wide integers and special floats as the service sent them', () => {
    expect(formatValue('123456789012345678901234567890', 'int256').text).toBe(
      '123456789012345678901234567890',
    );
    expect(formatValue('NaN', 'double')).toMatchObject({ text: 'NaN', align: 'right' });
    expect(formatValue('1.5000000000', 'decimal(20,10)').text).toBe('1.5000000000');
  });
  it('shows booleans, dates and blobs as text', () => {
    expect(formatValue(true, 'boolean')).toMatchObject({ text: 'true', kind: 'boolean' });
    expect(formatValue(false, 'boolean').text).toBe('false');
    expect(formatValue('2024-03-05 20:50:59.000 UTC', 'timestamp(3)')).toMatchObject({
      text: '2024-03-05 20:50:59.000 UTC',
      kind: 'temporal',
    });
    expect(formatValue('0xdeadbeef', 'varbinary').kind).toBe('binary');
  });
  it('renders lists, structs, maps and JSON compactly', () => {
    expect(formatValue([1, 2, null], 'array(bigint)').text).toBe('[1,2,null]');
    expect(formatValue({ a: 1, b: 'x' }, 'row(a bigint, b varchar)').text).toBe('{"a":1,"b":"x"}');
    expect(formatValue({ k: 2 }, 'map(varchar, bigint)').kind).toBe('json');
    expect(formatValue('text', 'json').text).toBe('"text"');
    expect(formatValue([], 'array(bigint)').text).toBe('[]');
  });
  it('truncates very long text for the cell', () => {
    const long = 'x'.repeat(MAX_CELL_CHARS + 50);
    const f = formatValue(long, 'varchar');
    expect(f.text).toHaveLength(MAX_CELL_CHARS + 1);
    expect(f.text.endsWith('…')).toBe(true);
  });
});

describe('copying', () => {
  it('copies the full value, NULL as empty', () => {
    expect(copyText('x'.repeat(5000), 'varchar')).toHaveLength(5000);
    expect(copyText(null, 'varchar')).toBe('');
    expect(copyText(12, 'bigint')).toBe('12');
    expect(copyText({ a: [1] }, 'row(a array(bigint))')).toBe('{"a":[1]}');
  });
  it('quotes TSV fields holding tabs or line breaks, or starting with a quote', () => {
    expect(tsvField('plain')).toBe('plain');
    expect(tsvField('a\tb')).toBe('"a\tb"');
    expect(tsvField('line\nbreak')).toBe('"line\nbreak"');
    expect(tsvField('say "hi"')).toBe('say "hi"');
    expect(tsvField('"hi"')).toBe('"""hi"""');
    expect(tsvField('a\t"b"')).toBe('"a\t""b"""');
  });
  it('copies a row as TSV in column order', () => {
    const columns = [
      { name: 'n', type: 'bigint' },
      { name: 'label', type: 'varchar' },
      { name: 'tags', type: 'array(varchar)' },
      { name: 'gone', type: 'varchar' },
    ];
    expect(rowToTsv({ label: 'a\tb', n: 7, tags: ['x'], gone: null }, columns)).toBe(
      '7\t"a\tb"\t["x"]\t',
    );
  });
});

describe('estimateColumnWidth', () => {
  it('fits the name and stays within bounds', () => {
    expect(estimateColumnWidth('n', 'bigint')).toBe(120);
    expect(estimateColumnWidth('a_rather_long_column_name', 'bigint')).toBe(25 * 8 + 40);
    expect(estimateColumnWidth('x'.repeat(200), 'varchar')).toBe(360);
    expect(estimateColumnWidth('ok', 'boolean')).toBe(90);
  });
});

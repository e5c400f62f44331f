import { describe, expect, it } from 'vitest';
import {
  cellDetail,
  columnKind,
  copyText,
  estimateColumnWidth,
  formatNumberText,
  formatValue,
  MAX_CELL_CHARS,
  numericScale,
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
  it('groups wide integers exactly and keeps special floats as the service sent them', () => {
    expect(formatValue('123456789012345678901234567890', 'int256').text).toBe(
      '123,456,789,012,345,678,901,234,567,890',
    );
    expect(formatValue('-170141183460469231731687303715884105728', 'int128').text).toBe(
      '-170,141,183,460,469,231,731,687,303,715,884,105,728',
    );
    expect(formatValue('NaN', 'double')).toMatchObject({ text: 'NaN', align: 'right' });
    expect(formatValue('Infinity', 'double').text).toBe('Infinity');
    expect(formatValue('1.5000000000', 'decimal(20,10)').text).toBe('1.5');
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
  it('shows hashes and addresses held as text monospaced, like blobs', () => {
    expect(formatValue(`0x${'ab'.repeat(32)}`, 'varchar').kind).toBe('binary');
    expect(formatValue('0xAbCdEf0123', 'varchar').kind).toBe('binary');
    expect(formatValue('0x12', 'varchar').kind).toBe('text');
    expect(formatValue('0xnothex1234', 'varchar').kind).toBe('text');
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

describe('formatNumberText', () => {
  it.each([
    [999_999, 'bigint', '999,999'],
    [-42, 'integer', '-42'],
    ['12345678901234567890', 'decimal(38,0)', '12,345,678,901,234,567,890'],
    [1234567.891234, 'double', '1,234,567.89'],
    [1.23456789, 'double', '1.2346'],
    [499.5, 'double', '499.5'],
    [42, 'double', '42'],
    [0, 'double', '0'],
    [0.000123456, 'double', '0.0001235'],
    [1.23e-9, 'double', '1.23E-9'],
    [3.2e21, 'double', '3.2E21'],
    [1e16, 'real', '1E16'],
    [12.5, 'decimal(10,2)', '12.50'],
    [1234.5, 'decimal(10,2)', '1,234.50'],
    [0.5, 'decimal(5,2)', '0.50'],
    [1.5, 'decimal(38,18)', '1.5'],
    // digits a double cannot hold, as the page parser keeps them: exact, never scientific
    ['18446744073709551615', 'decimal(20,0)', '18,446,744,073,709,551,615'],
    ['9223372036854775807', 'bigint', '9,223,372,036,854,775,807'],
    ['-9223372036854775808', 'bigint', '-9,223,372,036,854,775,808'],
    ['123456789012345678901234567890', 'decimal(38,0)', '123,456,789,012,345,678,901,234,567,890'],
    ['12345678901234567890.125', 'decimal(38,3)', '12,345,678,901,234,567,890.13'],
    ['1234567890123456.50', 'decimal(38,2)', '1,234,567,890,123,456.50'],
    ['0.12345678901234567891', 'decimal(38,20)', '0.1235'],
    [`1${'0'.repeat(400)}`, 'int256', `10${',000'.repeat(133)}`],
  ])('%s as %s is %s', (value, type, text) => {
    expect(formatNumberText(value, type)).toBe(text);
  });

  it('reads the scale of decimals, 0 for integers, null for floats', () => {
    expect(numericScale('decimal(10,2)')).toBe(2);
    expect(numericScale('DECIMAL(38, 0)')).toBe(0);
    expect(numericScale('int128')).toBe(0);
    expect(numericScale('uint256')).toBe(0);
    expect(numericScale('double')).toBeNull();
  });

  it('copies the raw value, not the formatted one', () => {
    expect(formatValue(1234567.891234, 'double').text).toBe('1,234,567.89');
    expect(copyText(1234567.891234, 'double')).toBe('1234567.891234');
    expect(copyText('170141183460469231731687303715884105727', 'int128')).toBe(
      '170141183460469231731687303715884105727',
    );
  });
});

describe('cellDetail', () => {
  it('shows a number raw, with the grid text beside it', () => {
    expect(cellDetail(1234567.891234, 'double')).toEqual({
      text: '1234567.891234',
      copy: '1234567.891234',
      formatted: '1,234,567.89',
      isNull: false,
      length: '14 characters',
    });
    expect(cellDetail(5, 'bigint').formatted).toBeNull();
  });
  it('indents JSON and keeps long text whole', () => {
    expect(cellDetail({ a: [1] }, 'row(a array(integer))').text).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(cellDetail({ a: [1] }, 'row(a array(integer))').copy).toBe('{"a":[1]}');
    const long = 'x'.repeat(5000);
    expect(cellDetail(long, 'varchar')).toMatchObject({ text: long, length: '5,000 characters' });
  });
  it('says NULL and empty string plainly', () => {
    expect(cellDetail(null, 'varchar')).toMatchObject({ text: 'NULL', copy: '', isNull: true });
    expect(cellDetail('', 'varchar')).toMatchObject({ text: '(empty string)', copy: '' });
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

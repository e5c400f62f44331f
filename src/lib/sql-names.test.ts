import { describe, expect, it } from 'vitest';
import { nameParts, quoteIdent, sqlTableName } from './sql-names';

describe('quoteIdent', () => {
  it('leaves plain identifiers bare, whatever their case', () => {
    expect(quoteIdent('block_time')).toBe('block_time');
    expect(quoteIdent('evt_Transfer')).toBe('evt_Transfer');
    expect(quoteIdent('_x1')).toBe('_x1');
  });

  it('quotes reserved words, in any case', () => {
    expect(quoteIdent('from')).toBe('"from"');
    expect(quoteIdent('To')).toBe('"To"');
    expect(quoteIdent('join')).toBe('"join"');
    // Unreserved keywords are fine bare in DuckDB.
    expect(quoteIdent('type')).toBe('type');
    expect(quoteIdent('index')).toBe('index');
  });

  it('quotes names with other characters, doubling inner quotes', () => {
    expect(quoteIdent('Total $')).toBe('"Total $"');
    expect(quoteIdent('1st')).toBe('"1st"');
    expect(quoteIdent('say "hi"')).toBe('"say ""hi"""');
    expect(quoteIdent('')).toBe('""');
  });
});

describe('nameParts and sqlTableName', () => {
  it('splits on dots outside quotes', () => {
    expect(nameParts('dune.alice.my_table')).toEqual(['dune', 'alice', 'my_table']);
    expect(nameParts('"a.b".c')).toEqual(['a.b', 'c']);
    expect(nameParts('"x""y".z')).toEqual(['x"y', 'z']);
  });

  it('writes each part as SQL needs it', () => {
    expect(sqlTableName('ethereum.transactions')).toBe('ethereum.transactions');
    expect(sqlTableName('dune.alice.my table')).toBe('dune.alice."my table"');
    expect(sqlTableName('dune.team.order')).toBe('dune.team."order"');
  });
});

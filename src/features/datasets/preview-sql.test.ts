import { describe, expect, it } from 'vitest';
import { newQuerySql, previewSql } from './preview-sql';

describe('dataset SQL', () => {
  it('builds the preview and new-query SQL', () => {
    expect(previewSql('dex.trades')).toBe('SELECT * FROM dex.trades LIMIT 20');
    expect(newQuerySql('dune.alice.select')).toContain('FROM\n  dune.alice."select"');
  });

  it('filters a partitioned table on its partition column', () => {
    expect(newQuerySql('eth.transfers', { name: 'block_date', type: 'DATE' })).toBe(
      [
        'SELECT',
        '  *',
        'FROM',
        '  eth.transfers',
        'WHERE',
        '  -- block_date is the partition column: a filter on it reads only the matching files',
        "  block_date >= CURRENT_DATE - INTERVAL '7' DAY",
        'LIMIT',
        '  100',
      ].join('\n'),
    );
    expect(newQuerySql('eth.blocks', { name: 'time', type: 'TIMESTAMP WITH TIME ZONE' })).toContain(
      'WHERE\n  -- time is the partition column: a filter on it reads only the matching files\n  time >= CURRENT_DATE',
    );
    // no value is known for other types: a line to fill in, commented so the SQL still runs
    expect(newQuerySql('x.events', { name: 'chain', type: 'VARCHAR' })).toBe(
      [
        'SELECT',
        '  *',
        'FROM',
        '  x.events',
        '-- chain is the partition column: a filter on it reads only the matching files',
        "-- WHERE chain = '...'",
        'LIMIT',
        '  100',
      ].join('\n'),
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  datasetFacts,
  markdownPreview,
  ownerLabel,
  partitionsLabel,
  rowsLabel,
} from './dataset-facts';

describe('datasetFacts', () => {
  it('reads rows, size, partitions, the import and the last append of an imported dataset', () => {
    expect(
      datasetFacts({
        description: 'x',
        row_count: 30_000_000,
        size_bytes: 2_100_000_000,
        partitions: 30,
        partition_columns: ['block_date'],
        imported_at: '2026-11-01T05:00:00.000Z',
        appended_at: '2026-11-04T06:00:12.000Z',
        linked: false,
      }),
    ).toEqual({
      rows: 30_000_000,
      sizeBytes: 2_100_000_000,
      partitions: { count: 30, columns: ['block_date'] },
      importedAt: '2026-11-01T05:00:00.000Z',
      appendedAt: '2026-11-04T06:00:12.000Z',
    });
    // a first import: no append yet
    expect(datasetFacts({ imported_at: '2026-11-01T05:00:00.000Z' }).appendedAt).toBeNull();
  });

  it('says null for what a table has not, or what is not of the right type', () => {
    expect(datasetFacts({ row_count: 3, size_bytes: 0 })).toEqual({
      rows: 3,
      sizeBytes: 0,
      partitions: null,
      importedAt: null,
      appendedAt: null,
    });
    expect(
      datasetFacts({
        row_count: '12',
        size_bytes: -1,
        partitions: Number.NaN,
        partition_columns: 'block_date',
        imported_at: 12,
        appended_at: 'yesterday',
      }),
    ).toEqual({
      rows: null,
      sizeBytes: null,
      partitions: null,
      importedAt: null,
      appendedAt: null,
    });
    // partition columns without a count still say how the table is partitioned
    expect(datasetFacts({ partition_columns: ['day', 7, ''] }).partitions).toEqual({
      count: 0,
      columns: ['day'],
    });
  });
});

describe('ownerLabel', () => {
  it('says an operator imported a dataset, rather than the reserved handle dune', () => {
    const dune = { handle: 'dune' };
    expect(ownerLabel(dune, { imported_at: '2026-11-01T05:00:00.000Z' })).toBe(
      'Imported by the server’s operator',
    );
    // the demo tables and everyone's own tables name their owner
    expect(ownerLabel(dune, {})).toBe('Owner dune');
    expect(ownerLabel({ handle: 'acme' }, { row_count: 3 })).toBe('Owner acme');
  });
});

describe('labels', () => {
  it('counts rows and partitions with separators and the right number', () => {
    expect(rowsLabel(30_000_000)).toBe('30,000,000 rows');
    expect(rowsLabel(1)).toBe('1 row');
    expect(rowsLabel(0)).toBe('0 rows');
    expect(partitionsLabel(1)).toBe('1 partition');
    expect(partitionsLabel(1200)).toBe('1,200 partitions');
  });
});

describe('markdownPreview', () => {
  it('drops Markdown marks and keeps the words', () => {
    expect(
      markdownPreview('# Transfers\n\nToken **transfers** on *Ethereum*, see [docs](https://x.y).'),
    ).toBe('Transfers Token transfers on Ethereum, see docs.');
    expect(markdownPreview('- `value` in __wei__\n- ~~old~~ _new_ ![logo](l.png)')).toBe(
      'value in wei old new logo',
    );
  });

  it('leaves names with underscores and lone stars alone', () => {
    expect(markdownPreview('filter on block_date and tx_hash')).toBe(
      'filter on block_date and tx_hash',
    );
    expect(markdownPreview('2 * 3 = 6')).toBe('2 * 3 = 6');
  });
});

import { describe, expect, it } from 'vitest';
import { newQuerySql, previewSql } from './preview-sql';

describe('dataset SQL', () => {
  it('builds the preview and new-query SQL', () => {
    expect(previewSql('dex.trades')).toBe('SELECT * FROM dex.trades LIMIT 20');
    expect(newQuerySql('dune.alice.select')).toContain('FROM\n  dune.alice."select"');
  });
});

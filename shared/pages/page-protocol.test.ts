import { describe, expect, it } from 'vitest';
import {
  dashboardAt,
  dashboardEmbedPath,
  dashboardPagePath,
  embedTarget,
  visualizationEmbedPath,
} from './page-protocol';

describe('a public dashboard’s page path', () => {
  it('reads back what it writes, every character encoded', () => {
    for (const [owner, slug] of [
      ['alice', 'sales'],
      ['Team-1', 'a b/c?d#e%f'],
      ['x', 'ü→✓'],
    ]) {
      expect(dashboardAt(dashboardPagePath(owner!, slug!))).toEqual({ ownerHandle: owner, slug });
      expect(embedTarget(dashboardEmbedPath(owner!, slug!))).toEqual({
        kind: 'dashboard',
        ownerHandle: owner,
        slug,
      });
    }
    expect(dashboardAt('/alice/sales/')).toEqual({ ownerHandle: 'alice', slug: 'sales' });
  });

  it('is no other path: one or three parts, a query’s page, bad encodings, too long', () => {
    for (const p of [
      '/',
      '/alice',
      '/alice/sales/more',
      '/queries/12',
      '/queries/new',
      '/a/%E0%A4%A',
      `/${'a'.repeat(101)}/x`,
      `/a/${'s'.repeat(201)}`,
    ])
      expect(dashboardAt(p), p).toBeNull();
    expect(dashboardAt(`/${'a'.repeat(100)}/${'s'.repeat(200)}`)).not.toBeNull();
  });
});

describe('an embed page’s path', () => {
  it('names a visualization of a query by positive ids', () => {
    expect(embedTarget(visualizationEmbedPath(3, 9))).toEqual({
      kind: 'visualization',
      queryId: 3,
      visualizationId: 9,
    });
    expect(embedTarget('/embed/queries/3/9/')).toEqual({
      kind: 'visualization',
      queryId: 3,
      visualizationId: 9,
    });
  });

  it('is nothing else', () => {
    for (const p of [
      '/embed/queries/0/9',
      '/embed/queries/x/9',
      '/embed/queries/99999999999999999/9',
      '/embed/dashboards/%E0%A4%A/x',
      `/embed/dashboards/${'a'.repeat(101)}/x`,
      '/embed/other/a/b',
      '/embed/dashboards/a',
      '/embed.html',
    ])
      expect(embedTarget(p), p).toBeNull();
  });
});

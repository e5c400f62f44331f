import { describe, expect, it } from 'vitest';
import { readEmbedLocation } from './embed-location';

describe('readEmbedLocation', () => {
  it('reads a dashboard, its parameter values and refresh as the public page does', () => {
    expect(
      readEmbedLocation('/embed/dashboards/alice/my%20board', '?p.12.days=7&refresh=5m&theme=dark'),
    ).toEqual({
      theme: 'dark',
      kind: 'dashboard',
      owner: 'alice',
      slug: 'my board',
      search: { 'p.12.days': '7', refresh: '5m' },
    });
  });

  it('reads a visualization and the query page’s values, the theme kept out of them', () => {
    expect(
      readEmbedLocation(
        '/embed/queries/3/9/',
        '?days=7&chain=%5B%22a%22%2C%22b%22%5D&code=007&p=%7B%22theme%22%3A%22warm%22%7D&theme=light',
      ),
    ).toEqual({
      theme: 'light',
      kind: 'visualization',
      queryId: 3,
      visualizationId: 9,
      values: { days: '7', chain: ['a', 'b'], code: '007', theme: 'warm' },
    });
  });

  it('takes anything else for unknown, light unless asked for dark', () => {
    for (const [p, q] of [
      ['/embed/queries/0/9', ''],
      ['/embed/queries/x/9', ''],
      ['/embed/queries/99999999999999999/9', ''],
      ['/embed/dashboards/%E0%A4%A/x', ''],
      ['/embed/other/a/b', '?theme=purple'],
      ['/embed.html', ''],
    ])
      expect(readEmbedLocation(p!, q!)).toEqual({ theme: 'light', kind: 'unknown' });
  });
});

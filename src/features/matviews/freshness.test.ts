import { describe, expect, it } from 'vitest';
import { freshness } from './freshness';

const NOW = new Date('2024-01-02T12:00:00Z');
const done = (ended_at: string) => ({ state: 'QUERY_STATE_COMPLETED', ended_at });

describe('freshness', () => {
  it('is refreshing while the latest refresh is pending or executing', () => {
    for (const state of ['QUERY_STATE_PENDING', 'QUERY_STATE_EXECUTING'])
      expect(
        freshness(
          { refreshed_at: null, last_refresh: { state, ended_at: null }, intervalMinutes: 60 },
          NOW,
        ).kind,
      ).toBe('refreshing');
  });

  it('is never refreshed without stored data, saying why when the refresh failed', () => {
    expect(
      freshness({ refreshed_at: null, last_refresh: null, intervalMinutes: null }, NOW),
    ).toMatchObject({
      kind: 'never',
      reason: 'No data stored yet',
    });
    expect(
      freshness(
        {
          refreshed_at: null,
          last_refresh: { state: 'QUERY_STATE_FAILED', ended_at: '2024-01-02T11:00:00Z' },
          intervalMinutes: null,
        },
        NOW,
      ),
    ).toMatchObject({ kind: 'never', reason: 'The only refresh did not complete: no data yet' });
  });

  it('is fresh within one and a half intervals of the schedule', () => {
    const view = {
      refreshed_at: '2024-01-02T11:00:00Z',
      last_refresh: done('2024-01-02T11:00:00Z'),
      intervalMinutes: 60,
    };
    expect(freshness(view, NOW)).toMatchObject({
      kind: 'fresh',
      reason: 'Refreshed within its schedule (every 1 hour)',
    });
    expect(freshness(view, new Date('2024-01-02T12:29:00Z')).kind).toBe('fresh');
    expect(freshness(view, new Date('2024-01-02T12:31:00Z'))).toMatchObject({
      kind: 'stale',
      reason: 'Older than its schedule (every 1 hour)',
    });
  });

  it('names daily intervals in days', () => {
    expect(
      freshness(
        { refreshed_at: '2023-12-30T06:00:00Z', last_refresh: null, intervalMinutes: 1440 },
        NOW,
      ),
    ).toMatchObject({ kind: 'stale', reason: 'Older than its schedule (every 1 day)' });
  });

  it('without a schedule, old data stays fresh', () => {
    expect(
      freshness(
        {
          refreshed_at: '2020-01-01T00:00:00Z',
          last_refresh: done('2020-01-01T00:00:00Z'),
          intervalMinutes: null,
        },
        NOW,
      ),
    ).toMatchObject({ kind: 'fresh', reason: 'Refreshed on demand; no schedule' });
  });

  it('is stale when a refresh after the stored data failed', () => {
    expect(
      freshness(
        {
          refreshed_at: '2024-01-02T11:00:00Z',
          last_refresh: { state: 'QUERY_STATE_FAILED', ended_at: '2024-01-02T11:50:00Z' },
          intervalMinutes: null,
        },
        NOW,
      ),
    ).toMatchObject({ kind: 'stale', color: 'orange' });
  });
});

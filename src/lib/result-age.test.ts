import { describe, expect, it } from 'vitest';
import { RESULT_AGE_LIMITS } from '../../contract/rules/result-age';
import { ageLimitLabel, ageLimitWords, RESULT_AGE_PRESETS, resultAgeCaption } from './result-age';
import { localDateTime } from './time';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('ageLimitWords', () => {
  it('words a maximum in the largest whole unit', () => {
    expect(ageLimitWords(60)).toBe('1 minute');
    expect(ageLimitWords(90)).toBe('90 seconds');
    expect(ageLimitWords(15 * 60)).toBe('15 minutes');
    expect(ageLimitWords(3600)).toBe('1 hour');
    expect(ageLimitWords(7200)).toBe('2 hours');
    expect(ageLimitWords(24 * 3600)).toBe('1 day');
    expect(ageLimitWords(7 * 24 * 3600)).toBe('1 week');
    expect(ageLimitWords(RESULT_AGE_LIMITS.maxSeconds)).toBe('30 days');
  });

  it('labels the presets, none first, each one the service accepts', () => {
    expect(RESULT_AGE_PRESETS.map(ageLimitLabel)).toEqual([
      'Always the latest',
      '5 minutes',
      '15 minutes',
      '1 hour',
      '6 hours',
      '1 day',
      '1 week',
    ]);
    for (const s of RESULT_AGE_PRESETS.filter((p): p is number => p !== null)) {
      expect(s).toBeGreaterThanOrEqual(RESULT_AGE_LIMITS.minSeconds);
      expect(s).toBeLessThanOrEqual(RESULT_AGE_LIMITS.maxSeconds);
    }
  });
});

describe('resultAgeCaption', () => {
  it('says how long ago the result was made, with its exact time on hover', () => {
    const endedAt = ago(3 * 60);
    expect(resultAgeCaption({ endedAt, maxAgeSeconds: null, refreshing: false }, now)).toEqual({
      text: 'Updated 3 minutes ago',
      title: `Result of ${localDateTime(endedAt)} (local time)`,
      stale: false,
    });
    expect(
      resultAgeCaption({ endedAt: ago(5), maxAgeSeconds: 3600, refreshing: false }, now)?.text,
    ).toBe('Updated just now');
  });

  it('without a maximum no result is too old', () => {
    const c = resultAgeCaption(
      { endedAt: ago(400 * 86400), maxAgeSeconds: null, refreshing: false },
      now,
    );
    expect(c).toMatchObject({ text: 'Updated 1 year ago', stale: false });
  });

  it('a result as old as the maximum is young enough; a second older says so', () => {
    const edge = { endedAt: ago(3600), maxAgeSeconds: 3600, refreshing: false };
    expect(resultAgeCaption(edge, now)).toMatchObject({ text: 'Updated 1 hour ago', stale: false });
    const older = { ...edge, endedAt: ago(3601) };
    const c = resultAgeCaption(older, now)!;
    expect(c).toMatchObject({ text: 'Older than 1 hour', stale: true });
    expect(c.title).toContain(localDateTime(older.endedAt)!);
    expect(c.title).toContain('results up to 1 hour old');
  });

  it('says a newer result is on its way while a run is under way', () => {
    const stale = { endedAt: ago(2 * 3600), maxAgeSeconds: 3600, refreshing: true };
    expect(resultAgeCaption(stale, now)).toMatchObject({
      text: 'Older than 1 hour: refreshing…',
      stale: true,
    });
    // A run under another policy (the query's own maximum) while this one looks young enough.
    const young = { endedAt: ago(10 * 60), maxAgeSeconds: null, refreshing: true };
    expect(resultAgeCaption(young, now)?.text).toBe('Updated 10 minutes ago: refreshing…');
  });

  it('takes a result from a clock ahead of this one as just made', () => {
    const c = resultAgeCaption({ endedAt: ago(-120), maxAgeSeconds: 3600, refreshing: false }, now);
    expect(c).toMatchObject({ text: 'Updated just now', stale: false });
  });

  it('has nothing to say of a time it cannot read', () => {
    expect(resultAgeCaption({ endedAt: 'soon', maxAgeSeconds: null, refreshing: false }, now)).toBe(
      null,
    );
  });
});

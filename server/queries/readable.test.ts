import { describe, expect, it } from 'vitest';
import { canReadQuery, isPublicQuery, isPubliclyShown } from './readable.js';

const q = (is_private: boolean, is_temp: boolean) => ({ owner_id: 7, is_private, is_temp });

describe('canReadQuery', () => {
  it('lets the owner context read every query of its own', () => {
    for (const [p, t] of [
      [false, false],
      [true, false],
      [false, true],
      [true, true],
    ] as const)
      expect(canReadQuery(q(p, t), 7)).toBe(true);
  });
  it('lets others and anonymous viewers read only what is neither private nor temporary', () => {
    expect(canReadQuery(q(false, false), 8)).toBe(true);
    expect(canReadQuery(q(false, false), null)).toBe(true);
    expect(canReadQuery(q(true, false), 8)).toBe(false);
    expect(canReadQuery(q(false, true), 8)).toBe(false);
    expect(canReadQuery(q(true, false), null)).toBe(false);
    expect(isPublicQuery(q(false, true))).toBe(false);
    expect(isPublicQuery(q(false, false))).toBe(true);
  });
});

describe('isPubliclyShown', () => {
  const shown = (is_private: boolean, is_archived: boolean) => ({
    ...q(is_private, false),
    is_archived,
  });
  it('shows a query’s own public pages only while it is public and not archived', () => {
    expect(isPubliclyShown(shown(false, false))).toBe(true);
    expect(isPubliclyShown(shown(false, true))).toBe(false);
    expect(isPubliclyShown(shown(true, false))).toBe(false);
    expect(isPubliclyShown({ ...q(false, true), is_archived: false })).toBe(false);
  });
});

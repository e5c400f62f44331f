import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DraftText } from './use-draft';

/** A fresh copy of the module, as after a page reload (its stores rebuilt from storage). */
async function reloaded() {
  vi.resetModules();
  return import('./use-draft');
}

const SAVED: DraftText & { version: number } = { sql: 'SELECT 1', version: 3, dialect: 'dunesql' };

describe('useDraft', () => {
  beforeEach(() => localStorage.clear());

  it('starts from the saved SQL, clean, with nothing stored', async () => {
    const { useDraft } = await reloaded();
    const { result } = renderHook(() => useDraft('alice', 7, SAVED));
    expect(result.current.sql).toBe('SELECT 1');
    expect(result.current.dirty).toBe(false);
    expect(localStorage.length).toBe(0);
  });

  it('keeps an edit per context and query, so it survives a reload', async () => {
    const first = await reloaded();
    const { result } = renderHook(() => first.useDraft('alice', 7, SAVED));
    act(() => result.current.setSql('SELECT 2'));
    expect(result.current).toMatchObject({ sql: 'SELECT 2', dirty: true, draftVersion: 3 });
    expect(localStorage.getItem(first.draftStorageKey('alice', 7))).toContain('SELECT 2');

    const second = await reloaded();
    const after = renderHook(() => second.useDraft('alice', 7, SAVED)).result;
    expect(after.current).toMatchObject({ sql: 'SELECT 2', dirty: true });
    const otherQuery = renderHook(() => second.useDraft('alice', 8, SAVED)).result;
    const otherContext = renderHook(() => second.useDraft('team-x', 7, SAVED)).result;
    expect(otherQuery.current.dirty).toBe(false);
    expect(otherContext.current.sql).toBe('SELECT 1');
  });

  it('forgets the draft when the text is back to the saved SQL, or on discard', async () => {
    const { useDraft, draftStorageKey } = await reloaded();
    const { result } = renderHook(() => useDraft('alice', 7, SAVED));
    act(() => result.current.setSql('SELECT 2'));
    act(() => result.current.setSql('SELECT 1'));
    expect(result.current.dirty).toBe(false);
    expect(localStorage.getItem(draftStorageKey('alice', 7))).toBeNull();
    act(() => result.current.setSql('SELECT 3'));
    act(() => result.current.discard());
    expect(result.current).toMatchObject({ sql: 'SELECT 1', dirty: false });
    expect(localStorage.getItem(draftStorageKey('alice', 7))).toBeNull();
  });

  it('is clean after a save, before the query data catches up', async () => {
    const { useDraft } = await reloaded();
    const { result } = renderHook(() => useDraft('alice', 7, SAVED));
    act(() => result.current.setSql('SELECT 2'));
    act(() => result.current.markSaved({ sql: 'SELECT 2', dialect: 'dunesql' }, 4));
    expect(result.current).toMatchObject({ sql: 'SELECT 2', dirty: false });
  });

  it('stays dirty after a save when edited while saving, based on the new version', async () => {
    const { useDraft } = await reloaded();
    const { result } = renderHook(() => useDraft('alice', 7, SAVED));
    act(() => result.current.setSql('SELECT 2'));
    act(() => result.current.setSql('SELECT 22'));
    act(() => result.current.markSaved({ sql: 'SELECT 2', dialect: 'dunesql' }, 4));
    expect(result.current).toMatchObject({ sql: 'SELECT 22', dirty: true, draftVersion: 4 });
  });

  it('calls a draft stale when the query was saved again since it began', async () => {
    const { useDraft } = await reloaded();
    let saved = SAVED;
    const { result, rerender } = renderHook(() => useDraft('alice', 7, saved));
    act(() => result.current.setSql('SELECT 2'));
    expect(result.current.stale).toBe(false);
    saved = { ...SAVED, sql: 'SELECT 5', version: 5 };
    rerender();
    expect(result.current).toMatchObject({ sql: 'SELECT 2', dirty: true, stale: true });
  });

  it('keeps a switch of dialect as an unsaved edit, with the text, across a reload', async () => {
    const first = await reloaded();
    const { result } = renderHook(() => first.useDraft('alice', 7, SAVED));
    expect(result.current.dialect).toBe('dunesql');
    act(() => result.current.setDialect('duckdb'));
    expect(result.current).toMatchObject({ sql: 'SELECT 1', dialect: 'duckdb', dirty: true });
    act(() => result.current.setSql('SELECT 2'));

    const second = await reloaded();
    const after = renderHook(() => second.useDraft('alice', 7, SAVED)).result;
    expect(after.current).toMatchObject({ sql: 'SELECT 2', dialect: 'duckdb', dirty: true });
    // Back to the saved text in the saved dialect: no draft at all.
    act(() => after.current.edit({ sql: 'SELECT 1', dialect: 'dunesql' }));
    expect(after.current).toMatchObject({ sql: 'SELECT 1', dialect: 'dunesql', dirty: false });
    expect(localStorage.getItem(second.draftStorageKey('alice', 7))).toBeNull();
  });

  it('discards a switch of dialect; a save of it is clean; an older draft reads as saved', async () => {
    const { useDraft, draftStorageKey } = await reloaded();
    const { result } = renderHook(() => useDraft('alice', 7, SAVED));
    act(() => result.current.setDialect('duckdb'));
    act(() => result.current.discard());
    expect(result.current).toMatchObject({ dialect: 'dunesql', dirty: false });

    act(() => result.current.setDialect('duckdb'));
    act(() => result.current.markSaved({ sql: 'SELECT 1', dialect: 'duckdb' }, 4));
    expect(result.current).toMatchObject({ dialect: 'duckdb', dirty: false });
    expect(localStorage.getItem(draftStorageKey('alice', 7))).toBeNull();

    // A draft kept before drafts held a dialect: its text, in the saved query's dialect.
    const old = { sql: 'SELECT 9', base_version: 3, updated_at: '2026-01-01T00:00:00Z' };
    localStorage.setItem(
      draftStorageKey('alice', 8),
      JSON.stringify({ state: { draft: old }, version: 1 }),
    );
    const reread = await reloaded();
    const legacy = renderHook(() => reread.useDraft('alice', 8, SAVED)).result;
    expect(legacy.current).toMatchObject({ sql: 'SELECT 9', dialect: 'dunesql', dirty: true });
  });

  it('seeds a new query’s draft before its page renders; the starting text is no draft', async () => {
    const { useDraft, seedDraft, draftStorageKey } = await reloaded();
    const START = { sql: 'SELECT 1', version: 0, dialect: 'dunesql' } as const;
    seedDraft('alice', 'new', 'SELECT * FROM dex.trades', START);
    const { result } = renderHook(() => useDraft('alice', 'new', START));
    // opened by a wizard and not touched: nothing to ask about on leaving
    expect(result.current).toMatchObject({ sql: 'SELECT * FROM dex.trades', dirty: false });
    act(() => seedDraft('alice', 'new', 'SELECT 1', START));
    expect(result.current).toMatchObject({ sql: 'SELECT 1', dirty: false });
    expect(localStorage.getItem(draftStorageKey('alice', 'new'))).toBeNull();
  });

  it('calls a generated draft changed once edited by hand, and untouched when edited back', async () => {
    const first = await reloaded();
    const START = { sql: 'SELECT 1', version: 0, dialect: 'dunesql' } as const;
    const GENERATED = 'SELECT * FROM dex.trades LIMIT 100';
    first.seedDraft('alice', 'new', GENERATED, START);
    const { result } = renderHook(() => first.useDraft('alice', 'new', START));
    act(() => result.current.setSql(`${GENERATED} -- mine`));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.setSql(GENERATED));
    expect(result.current).toMatchObject({ sql: GENERATED, dirty: false });
    act(() => result.current.setDialect('duckdb'));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.setDialect('dunesql'));
    // the generated text, untouched, survives a reload as it was opened
    const second = await reloaded();
    const after = renderHook(() => second.useDraft('alice', 'new', START)).result;
    expect(after.current).toMatchObject({ sql: GENERATED, dirty: false });
    // a new query's own draft (no wizard) is changed as soon as it differs from the start
    localStorage.clear();
    const third = await reloaded();
    const own = renderHook(() => third.useDraft('alice', 'new', START)).result;
    act(() => own.current.setSql(GENERATED));
    expect(own.current.dirty).toBe(true);
  });
});

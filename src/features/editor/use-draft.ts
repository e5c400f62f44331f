import { useCallback, useState } from 'react';
import { useStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';

/** Unsaved SQL of one query, and the saved version it was based on. */
export type Draft = { sql: string; base_version: number; updated_at: string };

type DraftState = { draft: Draft | null; put: (draft: Draft | null) => void };

/** Which draft: a saved query's, or the context's new, not yet saved query (`new`). */
export type DraftId = number | 'new';

/** Each query's draft is its own local-storage entry, so tabs on other queries never clash. */
export const draftStorageKey = (ctx: string, queryId: DraftId) => `strata.draft.${ctx}.${queryId}`;

const makeStore = (key: string) =>
  createStore<DraftState>()(
    persist((set) => ({ draft: null, put: (draft) => set({ draft }) }), {
      name: key,
      version: 1,
      partialize: (s) => ({ draft: s.draft }),
    }),
  );
type DraftStore = ReturnType<typeof makeStore>;

const stores = new Map<string, DraftStore>();

function draftStore(key: string): DraftStore {
  let store = stores.get(key);
  if (!store) {
    store = makeStore(key);
    stores.set(key, store);
  }
  return store;
}

function write(store: DraftStore, draft: Draft | null) {
  store.getState().put(draft);
  // No entry at all rather than an empty one.
  if (!draft) void store.persist.clearStorage();
}

type Saved = { sql: string; version: number };

/**
 * Puts `sql` in a draft before its page renders (a new query opened with `?sql=`, such as "New
 * query from this table"); `base` is the text the draft is compared with.
 */
export function seedDraft(ctx: string, queryId: DraftId, sql: string, base: Saved) {
  const store = draftStore(draftStorageKey(ctx, queryId));
  write(
    store,
    sql === base.sql
      ? null
      : { sql, base_version: base.version, updated_at: new Date().toISOString() },
  );
}

/**
 * The editor's text for a saved query: the draft kept in local storage if there is one (so
 * unsaved edits survive a reload), else the saved SQL. `dirty` when it differs from the saved
 * SQL; `stale` when the query was saved again since the draft began.
 */
export function useDraft(ctx: string, queryId: DraftId, saved: Saved) {
  const key = draftStorageKey(ctx, queryId);
  const store = draftStore(key);
  const draft = useStore(store, (s) => s.draft);
  // What this page just saved, until the query's own data catches up.
  const [justSaved, setJustSaved] = useState<(Saved & { key: string }) | null>(null);
  const base =
    justSaved && justSaved.key === key && justSaved.version >= saved.version ? justSaved : saved;
  const baseSql = base.sql;
  const baseVersion = base.version;

  const setSql = useCallback(
    (sql: string) => {
      const current = store.getState().draft;
      if (sql === baseSql) write(store, null);
      else
        write(store, {
          sql,
          base_version: current?.base_version ?? baseVersion,
          updated_at: new Date().toISOString(),
        });
    },
    [store, baseSql, baseVersion],
  );

  const discard = useCallback(() => write(store, null), [store]);

  /** After a save of `sql` that made `version`: the draft is clean unless edited meanwhile. */
  const markSaved = useCallback(
    (sql: string, version: number) => {
      setJustSaved({ key, sql, version });
      const current = store.getState().draft;
      if (!current || current.sql === sql) write(store, null);
      else write(store, { ...current, base_version: version });
    },
    [store, key],
  );

  const dirty = draft !== null && draft.sql !== baseSql;
  return {
    sql: draft?.sql ?? baseSql,
    setSql,
    dirty,
    stale: dirty && draft.base_version < baseVersion,
    draftVersion: draft?.base_version ?? null,
    discard,
    markSaved,
  };
}

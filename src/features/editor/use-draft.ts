import { useCallback, useState } from 'react';
import { useStore } from 'zustand';
import { persist } from 'zustand/middleware';
import { createStore } from 'zustand/vanilla';
import type { Dialect } from '../../../contract/rules/enums';

/**
 * Unsaved SQL of one query, the dialect it is read in, and the saved version it was based on.
 * Drafts kept before the dialect was have none: their text reads in the saved query's dialect.
 */
export type Draft = {
  sql: string;
  dialect?: Dialect;
  base_version: number;
  updated_at: string;
  /**
   * The text a wizard opened the draft with ("New query from this table"): while the draft is
   * that text, nothing was changed by hand, so leaving asks nothing.
   */
  generated?: string;
};

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

/** What a draft holds and is compared with: the text and the dialect it is read in. */
export type DraftText = { sql: string; dialect: Dialect };
type Saved = DraftText & { version: number };

/** The draft of `text` over `base`: none when it is the saved text in the saved dialect. */
function draftOf(text: DraftText, base: DraftText, baseVersion: number): Draft | null {
  if (text.sql === base.sql && text.dialect === base.dialect) return null;
  return { ...text, base_version: baseVersion, updated_at: new Date().toISOString() };
}

/**
 * Puts `sql` in a draft before its page renders (a new query opened with `?sql=`, such as "New
 * query from this table"), read in the dialect of `base`, the text the draft is compared with.
 */
export function seedDraft(ctx: string, queryId: DraftId, sql: string, base: Saved) {
  const store = draftStore(draftStorageKey(ctx, queryId));
  const draft = draftOf({ sql, dialect: base.dialect }, base, base.version);
  write(store, draft && { ...draft, generated: sql });
}

/**
 * The editor's text and dialect for a saved query: the draft kept in local storage if there is
 * one (so unsaved edits, a switch of dialect among them, survive a reload), else the saved SQL
 * in the saved dialect. `dirty` when either differs from the saved query (a generated draft's
 * text: from the text it opened with); `stale` when the query was saved again since the draft
 * began.
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
  const baseDialect = base.dialect;
  const baseVersion = base.version;

  /** Replaces the text, the dialect or both; what is not given stays as the draft has it. */
  const edit = useCallback(
    (change: Partial<DraftText>) => {
      const current = store.getState().draft;
      const text = {
        sql: change.sql ?? current?.sql ?? baseSql,
        dialect: change.dialect ?? current?.dialect ?? baseDialect,
      };
      const version = current?.base_version ?? baseVersion;
      const next = draftOf(text, { sql: baseSql, dialect: baseDialect }, version);
      // A generated draft stays one: edited back to what it opened with, it is untouched again.
      write(
        store,
        next && current?.generated !== undefined ? { ...next, generated: current.generated } : next,
      );
    },
    [store, baseSql, baseDialect, baseVersion],
  );
  const setSql = useCallback((sql: string) => edit({ sql }), [edit]);
  const setDialect = useCallback((dialect: Dialect) => edit({ dialect }), [edit]);

  const discard = useCallback(() => write(store, null), [store]);

  /** After a save of `text` that made `version`: the draft is clean unless edited meanwhile. */
  const markSaved = useCallback(
    (text: DraftText, version: number) => {
      setJustSaved({ key, sql: text.sql, dialect: text.dialect, version });
      const current = store.getState().draft;
      const dialect = current?.dialect ?? text.dialect;
      if (!current || (current.sql === text.sql && dialect === text.dialect)) write(store, null);
      else write(store, { ...current, base_version: version });
    },
    [store, key],
  );

  const sql = draft?.sql ?? baseSql;
  const dialect = draft?.dialect ?? baseDialect;
  // Changed by hand: a generated draft only once it is no longer the text it opened with.
  const dirty = draft !== null && (sql !== (draft.generated ?? baseSql) || dialect !== baseDialect);
  return {
    sql,
    dialect,
    setSql,
    setDialect,
    /** Both at once, as a restored version brings them. */
    edit,
    dirty,
    stale: dirty && draft.base_version < baseVersion,
    draftVersion: draft?.base_version ?? null,
    discard,
    markSaved,
  };
}

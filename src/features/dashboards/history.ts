/** Undo and redo over a value: a pure reducer, so the editor's history is testable alone. */
export type History<T> = { past: T[]; present: T; future: T[] };

export type HistoryAction<T> =
  { type: 'push'; next: T } | { type: 'undo' } | { type: 'redo' } | { type: 'reset'; present: T };

/** How many steps back the editor remembers. */
export const HISTORY_LIMIT = 100;

export const initHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

export function historyReducer<T>(state: History<T>, action: HistoryAction<T>): History<T> {
  switch (action.type) {
    case 'push':
      if (Object.is(action.next, state.present)) return state;
      return {
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: action.next,
        future: [],
      };
    case 'undo': {
      const previous = state.past.at(-1);
      if (state.past.length === 0) return state;
      return {
        past: state.past.slice(0, -1),
        present: previous as T,
        future: [state.present, ...state.future],
      };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      const [next, ...rest] = state.future;
      return { past: [...state.past, state.present], present: next as T, future: rest };
    }
    case 'reset':
      return initHistory(action.present);
  }
}

export const canUndo = (h: History<unknown>) => h.past.length > 0;
export const canRedo = (h: History<unknown>) => h.future.length > 0;

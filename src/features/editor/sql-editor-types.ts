import type { Ref } from 'react';
import type { Dialect } from '../../../contract/rules/enums';
import type { RunScope, RunTarget } from './statements';

export type { RunScope, RunTarget } from './statements';

/** A failed run's position (1-based), shown as a marker in the editor. */
export type SqlEditorError = { line: number; column: number; message: string };

export type SqlEditorHandle = {
  /** Selection if there is one, else the statement at the cursor (statements split on top-level `;`, ignoring strings/comments), else the whole text. */
  getRunTarget(): RunTarget;
  /** Formats the SQL (also Shift+Alt+F); undoable. */
  format(): void;
  focus(): void;
  /** Inserts text at the cursor (replacing the selection). */
  insertText(text: string): void;
};

export type SqlEditorProps = {
  value: string;
  onChange: (sql: string) => void;
  /** Ctrl/Cmd+Enter. */
  onRun: (target: RunTarget) => void;
  /** Ctrl/Cmd+S (the browser's save is prevented). */
  onSave: () => void;
  /** Called as the selection or cursor changes what Run would run. */
  onRunScopeChange?: (scope: RunScope) => void;
  /** Marked with a squiggle and hover message, and revealed; cleared when null. */
  error?: SqlEditorError | null;
  /**
   * The SQL dialect of the text: colours, completion, hover docs, formatting and the marks of
   * what a run would refuse follow it.
   */
  dialect: Dialect;
  /** Active context: autocomplete reads its datasets. */
  ctx: string;
  height?: number | string;
  /** Select the whole text and focus the editor once it is ready (a new query's starting text). */
  selectAllOnMount?: boolean;
  ref?: Ref<SqlEditorHandle>;
};

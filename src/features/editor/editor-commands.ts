import { notifications } from '@mantine/notifications';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { SqlProblem } from './dialect-problems';
import { dialectOf } from './sql-language';
import { runTarget, type RunTarget } from './statements';
import type { SqlEditorError } from './sql-editor-types';

type Editor = Monaco.editor.IStandaloneCodeEditor;
type MonacoApi = typeof Monaco;

/** What Run runs, from the editor's text, selection and cursor. */
export function editorRunTarget(editor: Editor): RunTarget {
  const model = editor.getModel();
  if (!model) return { sql: editor.getValue(), scope: 'query' };
  const selection = editor.getSelection();
  const sql = model.getValue();
  if (!selection) return runTarget(sql, null, 0);
  const start = model.getOffsetAt(selection.getStartPosition());
  const end = model.getOffsetAt(selection.getEndPosition());
  const cursor = model.getOffsetAt(selection.getPosition());
  return runTarget(sql, { start, end }, cursor);
}

/**
 * Replaces the text with its formatted form (in the dialect of the model's language) as one
 * undoable edit; tells why when it cannot. The formatter loads on first use (it is not needed to
 * show or edit SQL).
 */
export async function formatEditor(editor: Editor) {
  const model = editor.getModel();
  if (!model) return;
  const text = model.getValue();
  let formatted: string;
  try {
    const { formatSql } = await import('./format-sql');
    if (model.getValue() !== text) return; // edited meanwhile: format again if wanted
    formatted = formatSql(text, dialectOf(model));
  } catch (err) {
    notifications.show({
      color: 'red',
      title: 'Could not format the SQL',
      message: err instanceof Error ? err.message : String(err),
    });
    return;
  }
  if (formatted === text) return;
  editor.pushUndoStop();
  editor.executeEdits('format', [{ range: model.getFullModelRange(), text: formatted }]);
  editor.pushUndoStop();
}

/** Inserts text at the cursor, replacing the selection, and focuses the editor. */
export function insertAtCursor(editor: Editor, text: string) {
  const selection = editor.getSelection();
  if (!selection) return;
  editor.executeEdits('insert', [{ range: selection, text, forceMoveMarkers: true }]);
  editor.focus();
}

export const RUN_MARKER_OWNER = 'strata-run';

/** Marks a failed run's position (or clears the mark) and scrolls it into view. */
export function showRunError(m: MonacoApi, editor: Editor, error: SqlEditorError | null) {
  const model = editor.getModel();
  if (!model) return;
  if (!error) {
    m.editor.setModelMarkers(model, RUN_MARKER_OWNER, []);
    return;
  }
  const line = Math.min(Math.max(1, Math.trunc(error.line) || 1), model.getLineCount());
  const maxColumn = model.getLineMaxColumn(line);
  const column = Math.min(Math.max(1, Math.trunc(error.column) || 1), maxColumn);
  const word = model.getWordAtPosition({ lineNumber: line, column });
  let [startColumn, endColumn] = word ? [word.startColumn, word.endColumn] : [column, column + 1];
  if (endColumn > maxColumn || startColumn >= endColumn) {
    // At the end of a line: mark the line's text instead of an empty range.
    startColumn = model.getLineFirstNonWhitespaceColumn(line) || 1;
    endColumn = maxColumn;
  }
  m.editor.setModelMarkers(model, RUN_MARKER_OWNER, [
    {
      severity: m.MarkerSeverity.Error,
      message: error.message,
      startLineNumber: line,
      startColumn,
      endLineNumber: line,
      endColumn,
    },
  ]);
  editor.revealLineInCenterIfOutsideViewport(line);
}

export const DIALECT_MARKER_OWNER = 'strata-dialect';

/** Marks what a run would refuse (dialect-problems.ts), replacing the marks made before. */
export function showDialectProblems(
  m: MonacoApi,
  model: Monaco.editor.ITextModel,
  problems: SqlProblem[],
) {
  m.editor.setModelMarkers(
    model,
    DIALECT_MARKER_OWNER,
    problems.map((p) => {
      const start = model.getPositionAt(p.start);
      const end = model.getPositionAt(Math.max(p.end, p.start + 1));
      return {
        severity: m.MarkerSeverity.Error,
        message: p.message,
        startLineNumber: start.lineNumber,
        startColumn: start.column,
        endLineNumber: end.lineNumber,
        endColumn: end.column,
      };
    }),
  );
}

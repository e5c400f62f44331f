import type * as Monaco from 'monaco-editor/editor/editor.api';

type Editor = Monaco.editor.IStandaloneCodeEditor;

/** Whether the cursor (1-based `column`) has only blanks after it on its line. */
export function isAtLineEnd(lineText: string, column: number): boolean {
  return lineText.slice(column - 1).trim() === '';
}

/** Keys that move through the suggestion list (or the cursor, when there is no list). */
const NAVIGATION_KEYS = (m: typeof Monaco) => [
  m.KeyCode.UpArrow,
  m.KeyCode.DownArrow,
  m.KeyCode.PageUp,
  m.KeyCode.PageDown,
];

/**
 * Enter at the end of a line inserts a newline even while suggestions show, unless the user
 * moved through the suggestion list; Tab (and Enter elsewhere, or after choosing in the list)
 * accepts the suggestion as before. Typing a word and pressing Enter should end the line, not
 * complete the word to something else.
 */
export function installEnterBehaviour(m: typeof Monaco, editor: Editor): void {
  const navigated = editor.createContextKey<boolean>('strataSuggestNavigated', false);
  const atLineEnd = editor.createContextKey<boolean>('strataAtLineEnd', false);
  const keys = NAVIGATION_KEYS(m);
  editor.onKeyDown((e) => {
    if (keys.includes(e.keyCode)) navigated.set(true);
  });
  editor.onDidChangeModelContent(() => navigated.set(false));
  editor.onDidChangeCursorPosition(({ position }) => {
    const text = editor.getModel()?.getLineContent(position.lineNumber) ?? '';
    atLineEnd.set(isAtLineEnd(text, position.column));
  });
  editor.addCommand(
    m.KeyCode.Enter,
    () => {
      editor.trigger('keyboard', 'hideSuggestWidget', null);
      editor.trigger('keyboard', 'type', { text: '\n' });
    },
    'suggestWidgetVisible && strataAtLineEnd && !strataSuggestNavigated && textInputFocus',
  );
}

/**
 * Monaco from the bundle (never a CDN), with only what the SQL editor uses: the editor API, the
 * SQL grammar and the editing features below. `editor.main` would pull in every language and
 * the TypeScript, CSS, HTML and JSON services. Imported only by the lazily loaded editor.
 */
import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
// SQL's comment marks and brackets in this chunk (its `register` module would fetch them in a
// second request); the colours come from the shared lexer (monaco-tokens.ts).
import { conf } from 'monaco-editor/languages/definitions/sql/sql';
import 'monaco-editor/editor/browser/coreCommands';
import 'monaco-editor/editor/browser/widget/codeEditor/codeEditorWidget';
import 'monaco-editor/editor/contrib/bracketMatching/browser/bracketMatching';
import 'monaco-editor/editor/contrib/caretOperations/browser/caretOperations';
import 'monaco-editor/editor/contrib/clipboard/browser/clipboard';
import 'monaco-editor/editor/contrib/comment/browser/comment';
import 'monaco-editor/editor/contrib/contextmenu/browser/contextmenu';
import 'monaco-editor/editor/contrib/cursorUndo/browser/cursorUndo';
import 'monaco-editor/editor/contrib/find/browser/findController';
import 'monaco-editor/editor/contrib/folding/browser/folding';
import 'monaco-editor/editor/contrib/gotoError/browser/gotoError';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import 'monaco-editor/editor/contrib/indentation/browser/indentation';
import 'monaco-editor/editor/contrib/lineSelection/browser/lineSelection';
import 'monaco-editor/editor/contrib/linesOperations/browser/linesOperations';
import 'monaco-editor/editor/contrib/multicursor/browser/multicursor';
import 'monaco-editor/editor/contrib/placeholderText/browser/placeholderText.contribution';
import 'monaco-editor/editor/contrib/smartSelect/browser/smartSelect';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2';
import 'monaco-editor/editor/contrib/suggest/browser/suggestController';
import 'monaco-editor/editor/contrib/tokenization/browser/tokenization';
import 'monaco-editor/editor/contrib/wordHighlighter/browser/wordHighlighter';
import 'monaco-editor/editor/contrib/wordOperations/browser/wordOperations';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneCommandsQuickAccess';
import 'monaco-editor/editor/standalone/browser/quickAccess/standaloneGotoLineQuickAccess';
import 'monaco-editor/editor/common/standaloneStrings';
import { DIALECTS } from '../../../contract/rules/enums';
import { sqlTokensProvider } from './monaco-tokens';
import { LANGUAGE_IDS } from './sql-language';

// One language id per dialect, so a model's language says how its text reads (sql-language.ts);
// they differ only in the colours of their keywords, functions and literals.
for (const dialect of DIALECTS) {
  const id = LANGUAGE_IDS[dialect];
  monaco.languages.register({ id, extensions: ['.sql'], aliases: ['SQL'] });
  monaco.languages.setTokensProvider(id, sqlTokensProvider(dialect));
  monaco.languages.setLanguageConfiguration(id, conf);
}

// The editor worker (word ranges, diff computation) is a bundled Vite worker.
self.MonacoEnvironment = { getWorker: () => new EditorWorker() };
// @monaco-editor/react uses this instance instead of fetching Monaco from a CDN.
loader.config({ monaco });

export { monaco };

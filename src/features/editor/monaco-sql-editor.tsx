import { useComputedColorScheme } from '@mantine/core';
import Editor from '@monaco-editor/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { catalogOptions } from './api';
import { EMPTY_CATALOG } from './catalog';
import { dialectProblems } from './dialect-problems';
import {
  editorRunTarget,
  formatEditor,
  insertAtCursor,
  showDialectProblems,
  showRunError,
} from './editor-commands';
import { installEnterBehaviour } from './enter-key';
import { monaco } from './monaco-setup';
import type { SqlEditorProps } from './sql-editor-types';
import { bindCatalog, LANGUAGE_IDS, registerSqlLanguage } from './sql-language';
import { SqlPreview } from './sql-preview';
import type { RunScope } from './statements';
import { useQueryTables } from './use-query-tables';

type CodeEditor = monaco.editor.IStandaloneCodeEditor;

const OPTIONS: monaco.editor.IStandaloneEditorConstructionOptions = {
  ariaLabel: 'SQL editor',
  automaticLayout: true,
  fixedOverflowWidgets: true,
  fontSize: 13,
  lineNumbersMinChars: 3,
  minimap: { enabled: false },
  padding: { top: 8, bottom: 8 },
  quickSuggestions: { other: true, comments: false, strings: false },
  renderLineHighlight: 'line',
  scrollBeyondLastLine: false,
  tabSize: 2,
  wordBasedSuggestions: 'off',
  suggest: { showWords: false },
};

/** How long the text rests before what a run would refuse is marked again. */
const PROBLEMS_DELAY_MS = 300;

/**
 * Monaco as the SQL editor: run, save and format commands, autocomplete from the context's
 * datasets and saved queries (`query_<id>` and the columns of those the SQL reads), run-error
 * markers, and marks of what the dialect refuses before a run. The model's language is the
 * dialect (sql-language.ts). Loaded lazily through `SqlEditor` (its own chunk).
 */
export default function MonacoSqlEditor(props: SqlEditorProps) {
  const { value, onChange, error = null, dialect, ctx, height = 320, ref } = props;
  const scheme = useComputedColorScheme('light');
  const [editor, setEditor] = useState<CodeEditor | null>(null);
  const { data: datasets = EMPTY_CATALOG } = useQuery(catalogOptions(ctx));
  const catalog = useQueryTables(ctx, datasets, value);

  // Monaco's commands are registered once; they read the latest props and catalog from refs.
  const latest = useRef(props);
  const catalogRef = useRef(catalog);
  const scopeRef = useRef<RunScope | null>(null);
  useLayoutEffect(() => {
    latest.current = props;
    catalogRef.current = catalog;
  });

  useImperativeHandle(
    ref,
    () => ({
      getRunTarget: () =>
        editor ? editorRunTarget(editor) : { sql: latest.current.value, scope: 'query' },
      format: () => {
        if (editor) void formatEditor(editor);
      },
      focus: () => editor?.focus(),
      insertText: (text: string) => {
        if (editor) insertAtCursor(editor, text);
      },
    }),
    [editor],
  );

  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model) return;
    const unbind = bindCatalog(model, () => catalogRef.current);
    const reportScope = () => {
      const scope = editorRunTarget(editor).scope;
      if (scope === scopeRef.current) return;
      scopeRef.current = scope;
      latest.current.onRunScopeChange?.(scope);
    };
    reportScope();
    const subscriptions = [
      editor.onDidChangeCursorSelection(reportScope),
      editor.onDidChangeModelContent(reportScope),
    ];
    return () => {
      unbind();
      subscriptions.forEach((s) => s.dispose());
    };
  }, [editor]);

  useEffect(() => {
    if (editor) showRunError(monaco, editor, error);
  }, [editor, error]);

  // What a run in this dialect would refuse, marked now and again once typing pauses.
  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    const mark = () =>
      showDialectProblems(monaco, model, dialectProblems(model.getValue(), dialect));
    mark();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = model.onDidChangeContent(() => {
      clearTimeout(timer);
      timer = setTimeout(mark, PROBLEMS_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.dispose();
    };
  }, [editor, dialect]);

  const handleMount = (ed: CodeEditor) => {
    registerSqlLanguage(monaco);
    // Always \n, whatever the platform (Monaco would use \r\n on Windows for a one-line text).
    ed.getModel()?.setEOL(monaco.editor.EndOfLineSequence.LF);
    const { KeyMod, KeyCode } = monaco;
    ed.addAction({
      id: 'strata.run',
      label: 'Run',
      keybindings: [KeyMod.CtrlCmd | KeyCode.Enter],
      contextMenuGroupId: 'navigation',
      contextMenuOrder: 1,
      run: () => latest.current.onRun(editorRunTarget(ed)),
    });
    ed.addAction({
      id: 'strata.save',
      label: 'Save query',
      keybindings: [KeyMod.CtrlCmd | KeyCode.KeyS],
      run: () => latest.current.onSave(),
    });
    ed.addAction({
      id: 'strata.format',
      label: 'Format SQL',
      keybindings: [KeyMod.Shift | KeyMod.Alt | KeyCode.KeyF],
      contextMenuGroupId: '1_modification',
      run: () => formatEditor(ed),
    });
    installEnterBehaviour(monaco, ed);
    if (latest.current.selectAllOnMount) {
      const model = ed.getModel();
      if (model) ed.setSelection(model.getFullModelRange());
      ed.focus();
    }
    setEditor(ed);
  };

  return (
    <Editor
      height={height}
      language={LANGUAGE_IDS[dialect]}
      theme={scheme === 'dark' ? 'vs-dark' : 'vs'}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      onMount={handleMount}
      options={OPTIONS}
      loading={<SqlPreview sql={value} dialect={dialect} height={height} />}
    />
  );
}

import type * as Monaco from 'monaco-editor/editor/editor.api';
import { EMPTY_CATALOG, type Catalog } from './catalog';
import { completionContext } from './completion-context';
import { hoverAt, suggestionsFor, type SuggestionKind } from './completion-items';

type MonacoApi = typeof Monaco;

/** The catalog each editor model completes against (models of different contexts may coexist). */
const catalogs = new Map<string, () => Catalog>();

/** Lets the model's completions and hovers read `get()`; returns the unbinding. */
export function bindCatalog(model: Monaco.editor.ITextModel, get: () => Catalog): () => void {
  const key = model.uri.toString();
  catalogs.set(key, get);
  return () => {
    if (catalogs.get(key) === get) catalogs.delete(key);
  };
}

const catalogOf = (model: Monaco.editor.ITextModel) =>
  catalogs.get(model.uri.toString())?.() ?? EMPTY_CATALOG;

function kindOf(m: MonacoApi, kind: SuggestionKind): Monaco.languages.CompletionItemKind {
  const K = m.languages.CompletionItemKind;
  const kinds: Record<SuggestionKind, Monaco.languages.CompletionItemKind> = {
    column: K.Field,
    alias: K.Variable,
    cte: K.Class,
    table: K.Struct,
    schema: K.Module,
    function: K.Function,
    keyword: K.Keyword,
  };
  return kinds[kind];
}

function rangeOf(m: MonacoApi, model: Monaco.editor.ITextModel, start: number, end: number) {
  const s = model.getPositionAt(start);
  const e = model.getPositionAt(end);
  return new m.Range(s.lineNumber, s.column, e.lineNumber, e.column);
}

let registered = false;

/** Registers completion and hover for `sql` once, whatever number of editors mount. */
export function registerSqlLanguage(m: MonacoApi) {
  if (registered) return;
  registered = true;
  m.languages.registerCompletionItemProvider('sql', {
    // A space pops the list only where a table is expected (`FROM |`); a dot always.
    triggerCharacters: ['.', ' '],
    provideCompletionItems(model, position, context) {
      const offset = model.getOffsetAt(position);
      const ctx = completionContext(model.getValue(), offset);
      if (context.triggerCharacter === ' ' && ctx.target.kind !== 'table')
        return { suggestions: [] };
      const range = rangeOf(m, model, ctx.prefixStart, offset);
      const suggestions = suggestionsFor(ctx, catalogOf(model)).map((s) => ({
        label: s.label,
        kind: kindOf(m, s.kind),
        detail: s.detail,
        documentation: s.documentation,
        insertText: s.insertText,
        insertTextRules: s.snippet
          ? m.languages.CompletionItemInsertTextRule.InsertAsSnippet
          : undefined,
        sortText: s.sortText,
        range,
      }));
      return { suggestions };
    },
  });
  m.languages.registerHoverProvider('sql', {
    provideHover(model, position) {
      const hover = hoverAt(model.getValue(), model.getOffsetAt(position), catalogOf(model));
      if (!hover) return null;
      return {
        range: rangeOf(m, model, hover.start, hover.end),
        contents: hover.contents.map((value) => ({ value })),
      };
    },
  });
}

import type * as Monaco from 'monaco-editor/editor/editor.api';
import type { Dialect } from '../../../contract/rules/enums';
import { EMPTY_CATALOG, type Catalog } from './catalog';
import { completionContext } from './completion-context';
import { hoverAt, suggestionsFor, type SuggestionKind } from './completion-items';

type MonacoApi = typeof Monaco;

/**
 * Monaco's language id of each dialect. A model's language is the dialect its text is written
 * in (the editor's `dialect` prop sets it), so the one completion and hover provider below
 * reads it from the model, and each editor on a page can have its own.
 */
export const LANGUAGE_IDS: Record<Dialect, string> = { duckdb: 'sql', dunesql: 'dunesql' };
const LANGUAGES = Object.values(LANGUAGE_IDS);

export const dialectOf = (model: Monaco.editor.ITextModel): Dialect =>
  model.getLanguageId() === LANGUAGE_IDS.dunesql ? 'dunesql' : 'duckdb';

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
    query: K.Reference,
    schema: K.Module,
    function: K.Function,
    keyword: K.Keyword,
    type: K.TypeParameter,
  };
  return kinds[kind];
}

function rangeOf(m: MonacoApi, model: Monaco.editor.ITextModel, start: number, end: number) {
  const s = model.getPositionAt(start);
  const e = model.getPositionAt(end);
  return new m.Range(s.lineNumber, s.column, e.lineNumber, e.column);
}

let registered = false;

/** Registers completion and hover for SQL once, whatever number of editors mount. */
export function registerSqlLanguage(m: MonacoApi) {
  if (registered) return;
  registered = true;
  m.languages.registerCompletionItemProvider(LANGUAGES, {
    // A space pops the list only where a table is expected (`FROM |`); a dot always.
    triggerCharacters: ['.', ' '],
    provideCompletionItems(model, position, context) {
      const offset = model.getOffsetAt(position);
      const ctx = completionContext(model.getValue(), offset);
      if (context.triggerCharacter === ' ' && ctx.target.kind !== 'table')
        return { suggestions: [] };
      const range = rangeOf(m, model, ctx.prefixStart, offset);
      const suggestions = suggestionsFor(ctx, catalogOf(model), dialectOf(model)).map((s) => ({
        label: s.description ? { label: s.label, description: s.description } : s.label,
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
  m.languages.registerHoverProvider(LANGUAGES, {
    provideHover(model, position) {
      const offset = model.getOffsetAt(position);
      const hover = hoverAt(model.getValue(), offset, catalogOf(model), dialectOf(model));
      if (!hover) return null;
      return {
        range: rangeOf(m, model, hover.start, hover.end),
        contents: hover.contents.map((value) => ({ value })),
      };
    },
  });
}

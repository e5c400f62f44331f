/** Monaco's SQL grammar module ships without types; these are its two exports. */
declare module 'monaco-editor/languages/definitions/sql/sql' {
  import type { languages } from 'monaco-editor/editor/editor.api';
  export const conf: languages.LanguageConfiguration;
  export const language: languages.IMonarchLanguage;
}

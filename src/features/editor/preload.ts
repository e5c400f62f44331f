/**
 * The lazily loaded Monaco editor. A page that will show the editor starts this import while its
 * data loads (route loaders), so the chunk downloads in parallel with the query.
 */
export const loadMonacoSqlEditor = () => import('./monaco-sql-editor');

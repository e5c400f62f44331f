import { RetryAlert } from '../../components/error-alert';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { loadMonacoSqlEditor } from './preload';
import type { SqlEditorProps } from './sql-editor-types';
import { SqlPreview } from './sql-preview';

export type {
  RunScope,
  RunTarget,
  SqlEditorError,
  SqlEditorHandle,
  SqlEditorProps,
} from './sql-editor-types';

/** Monaco is its own chunk, loaded the first time an editor renders (or a route preloads it). */
let LazyMonacoSqlEditor = lazy(loadMonacoSqlEditor);

type BoundaryProps = { children: ReactNode; height: number | string; onRetry: () => void };

class EditorErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <RetryAlert
        title="The editor failed to load"
        mih={typeof this.props.height === 'number' ? Math.min(this.props.height, 160) : undefined}
        message={error.message}
        onRetry={() => {
          this.props.onRetry();
          this.setState({ error: null });
        }}
      />
    );
  }
}

/**
 * The SQL editor: Monaco, loaded lazily. Until it is ready the SQL shows highlighted and
 * read-only in its place (so the page reads at once); an error state with a retry if its chunk
 * fails to load.
 */
export function SqlEditor(props: SqlEditorProps) {
  const height = props.height ?? 320;
  return (
    <EditorErrorBoundary
      height={height}
      onRetry={() => {
        // A failed lazy import is cached; retrying needs a fresh one.
        LazyMonacoSqlEditor = lazy(loadMonacoSqlEditor);
      }}
    >
      <Suspense fallback={<SqlPreview sql={props.value} dialect={props.dialect} height={height} />}>
        <LazyMonacoSqlEditor {...props} height={height} />
      </Suspense>
    </EditorErrorBoundary>
  );
}

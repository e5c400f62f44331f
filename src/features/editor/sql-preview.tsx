import { useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import { highlightSql, type HighlightKind } from './highlight';
import classes from './sql-preview.module.css';

const CLASS: Record<HighlightKind, string | undefined> = {
  keyword: classes.keyword,
  string: classes.string,
  number: classes['number-literal'],
  comment: classes.comment,
  param: undefined,
  plain: undefined,
};

/**
 * The SQL, highlighted and read-only, in Monaco's place until Monaco has loaded: the page is
 * readable at once, and the editor takes over at the same size.
 */
export function SqlPreview({ sql, height }: { sql: string; height: number | string }) {
  const scheme = useComputedColorScheme('light');
  const lines = useMemo(() => highlightSql(sql), [sql]);
  return (
    <pre
      className={classes.root}
      data-scheme={scheme}
      data-testid="sql-preview"
      aria-label="SQL (the editor is loading)"
      aria-busy="true"
      style={{ height }}
    >
      {lines.map((runs, i) => (
        <div key={i} className={classes.line}>
          <span className={classes.number}>{i + 1}</span>
          <code>
            {runs.map((r, j) => (
              <span key={j} className={CLASS[r.kind]}>
                {r.text}
              </span>
            ))}
          </code>
        </div>
      ))}
    </pre>
  );
}

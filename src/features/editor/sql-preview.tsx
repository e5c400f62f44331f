import { useComputedColorScheme } from '@mantine/core';
import { useMemo } from 'react';
import type { Dialect } from '../../../contract/rules/enums';
import { highlightSql, type Highlighted, type HighlightKind } from './highlight';
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
 * One line of SQL in the editor's colours (highlight.ts), inside an element that carries
 * `data-scheme` (the colour scheme, as `useComputedColorScheme` gives it).
 */
export function SqlRuns({ runs }: { runs: readonly Highlighted[] }) {
  return runs.map((r, j) => (
    <span key={j} className={CLASS[r.kind]} data-sql={r.kind}>
      {r.text}
    </span>
  ));
}

/**
 * The SQL, highlighted in its dialect and read-only, in Monaco's place until Monaco has loaded:
 * the page is readable at once, and the editor takes over at the same size.
 */
export function SqlPreview(props: { sql: string; dialect: Dialect; height: number | string }) {
  const { sql, dialect, height } = props;
  const scheme = useComputedColorScheme('light');
  const lines = useMemo(() => highlightSql(sql, dialect), [sql, dialect]);
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
            <SqlRuns runs={runs} />
          </code>
        </div>
      ))}
    </pre>
  );
}

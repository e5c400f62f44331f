import { Skeleton } from '@mantine/core';

/** What shows while Monaco loads. */
export function EditorSkeleton({ height }: { height: number | string }) {
  return (
    <Skeleton
      height={height}
      radius="sm"
      aria-busy="true"
      aria-label="Loading the SQL editor"
      data-testid="sql-editor-loading"
    />
  );
}

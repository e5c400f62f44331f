import { Group, Paper, Stack } from '@mantine/core';
import type { Ref } from 'react';
import { HeightSplitter } from '../../../../components/height-splitter';
import { DataPanel } from '../../../../features/datasets/data-panel';
import {
  SqlEditor,
  type SqlEditorProps,
  type SqlEditorHandle,
} from '../../../../features/editor/sql-editor';
import {
  DEFAULT_EDITOR_HEIGHT,
  useEditorHeight,
} from '../../../../features/editor/use-editor-height';

/**
 * The SQL editor (with the data panel beside it on wide screens) and the splitter under it
 * that sets its height, remembered in this browser.
 */
export function EditorArea(props: {
  ctx: string;
  /** Receives the editor's handle (run target, insert, format). */
  handle: Ref<SqlEditorHandle>;
  editor: Omit<SqlEditorProps, 'ctx' | 'height' | 'ref'>;
  /** Show the data panel beside the editor. */
  dataPanel: boolean;
  onInsert: (text: string) => void;
}) {
  const { handle, editor, ctx, dataPanel, onInsert } = props;
  const { height, setHeight, bounds } = useEditorHeight();
  return (
    <Stack gap={0}>
      <Group gap="sm" align="stretch" wrap="nowrap">
        {dataPanel && (
          <Paper withBorder p="xs" w={280} h={height} component="aside" aria-label="Data panel">
            <DataPanel ctx={ctx} onInsert={onInsert} />
          </Paper>
        )}
        <Paper
          withBorder
          id="sql-editor"
          data-testid="sql-editor"
          style={{ overflow: 'hidden', flex: 1, minWidth: 0 }}
        >
          <SqlEditor ref={handle} {...editor} ctx={ctx} height={height} />
        </Paper>
      </Group>
      <HeightSplitter
        value={height}
        onChange={setHeight}
        bounds={bounds}
        reset={DEFAULT_EDITOR_HEIGHT}
        label="Resize the editor"
        controls="sql-editor"
      />
    </Stack>
  );
}

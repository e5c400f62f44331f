import '@mantine/core/styles/Drawer.css';
import { Drawer } from '@mantine/core';
import type { Parameter } from '../../../../../contract/parameters';
import type { Dialect } from '../../../../../contract/rules/enums';
import { DataPanel } from '../../../../features/datasets/data-panel';
import { VersionHistory } from '../../../../features/editor/version-history';
import { ParameterEditor } from '../../../../features/parameters/parameter-editor';

export type Panel = 'history' | 'parameters' | null;

/** The query page's side drawers: version history, parameter definitions, data (narrow screens). */
export function WorkbenchDrawers(props: {
  ctx: string;
  /** Null for a new query (no history yet). */
  queryId: number | null;
  panel: Panel;
  onPanel: (panel: Panel) => void;
  sql: string;
  dialect: Dialect;
  onRestore: (restored: { sql: string; dialect: Dialect }) => void;
  parameters: Parameter[];
  onParameters: (parameters: Parameter[]) => void;
  dataOpen: boolean;
  onDataClose: () => void;
  onInsert: (text: string) => void;
}) {
  const close = () => props.onPanel(null);
  // The history and parameters drawers open on the right, one at a time.
  const side = (panel: Panel, title: string, size: 'lg' | 'xl') =>
    ({ opened: props.panel === panel, onClose: close, position: 'right', size, title }) as const;
  return (
    <>
      {props.queryId !== null && (
        <Drawer {...side('history', 'Version history', 'xl')}>
          <VersionHistory
            ctx={props.ctx}
            queryId={props.queryId}
            current={{ sql: props.sql, dialect: props.dialect }}
            onRestore={(restored) => {
              props.onRestore(restored);
              close();
            }}
          />
        </Drawer>
      )}
      <Drawer {...side('parameters', 'Parameters', 'lg')}>
        <ParameterEditor
          parameters={props.parameters}
          onChange={props.onParameters}
          sql={props.sql}
        />
      </Drawer>
      <Drawer
        opened={props.dataOpen}
        onClose={props.onDataClose}
        position="left"
        size={320}
        title="Data"
        returnFocus={false}
      >
        <div style={{ height: 'calc(100dvh - 90px)' }}>
          <DataPanel
            ctx={props.ctx}
            onInsert={(text) => {
              props.onDataClose();
              props.onInsert(text);
            }}
          />
        </div>
      </Drawer>
    </>
  );
}

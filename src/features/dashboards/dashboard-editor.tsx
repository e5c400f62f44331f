import { Alert, Stack } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useReducer, useState } from 'react';
import type { DashboardResponse } from '../../../contract/dashboards';
import { appScope, dashboardVisualizationsOptions } from './api';
import { ApiError } from '../../lib/api';
import { useSaveDashboard } from './mutations';
import type { Draft, VizWidget } from './draft';
import { EditGrid } from './edit-grid';
import { EditToolbar } from './edit-toolbar';
import { EmptyDashboard } from './empty-dashboard';
import { addWidget, addWidgets, isDirty, removeWidget, setText } from './editor-state';
import { draftFromDashboard } from './grid-mapping';
import {
  canRedo,
  canUndo,
  historyReducer,
  initHistory,
  type History,
  type HistoryAction,
} from './history';
import { ParamPickerModal } from './param-picker-modal';
import { TextWidgetModal } from './text-widget-modal';
import { infoFromMeta, type VizInfo } from './viz-info';
import { VizPickerModal } from './viz-picker-modal';

export const LEAVE_MESSAGE = 'This dashboard has unsaved changes. Leave without saving?';

const reducer = (s: History<Draft>, a: HistoryAction<Draft>) => historyReducer(s, a);

const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));

/** Edit mode: the dashboard's widgets on a grid, with undo and redo, saved in one go. */
export function DashboardEditor(props: {
  ctx: string;
  dashboard: DashboardResponse;
  onDone: (saved: DashboardResponse | null) => void;
}) {
  const { ctx, dashboard } = props;
  const [saved] = useState(() => draftFromDashboard(dashboard));
  const [history, dispatch] = useReducer(reducer, saved, initHistory);
  const draft = history.present;
  const save = useSaveDashboard(ctx);
  const meta = useQuery(dashboardVisualizationsOptions(appScope(ctx), dashboard.dashboard_id));
  const [picked, setPicked] = useState<Record<number, VizInfo>>({});
  const [modal, setModal] = useState<'viz' | 'param' | null>(null);
  const [editing, setEditing] = useState<{ id: string | null; text: string } | null>(null);
  const dirty = isDirty(saved, draft);

  useBlocker({
    shouldBlockFn: () => !window.confirm(LEAVE_MESSAGE),
    enableBeforeUnload: dirty,
    disabled: !dirty || save.isPending,
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z' || typing(e.target)) return;
      e.preventDefault();
      dispatch({ type: e.shiftKey ? 'redo' : 'undo' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const definitionOf = (visualizationId: number) =>
    meta.data?.visualizations.find((v) => v.visualization_id === visualizationId)?.visualization ??
    undefined;
  const infoOf = (visualizationId: number): VizInfo | undefined => {
    const m = meta.data?.visualizations.find((v) => v.visualization_id === visualizationId);
    return picked[visualizationId] ?? (m ? infoFromMeta(m) : undefined);
  };
  const push = (next: Draft) => dispatch({ type: 'push', next });
  const vizWidgets = draft.widgets.filter((w): w is VizWidget => w.kind === 'viz');
  const cancel = () => {
    if (dirty && !window.confirm('Discard your changes to this dashboard?')) return;
    props.onDone(null);
  };

  return (
    <Stack gap="sm">
      <EditToolbar
        onAddViz={() => setModal('viz')}
        onAddText={() => setEditing({ id: null, text: '' })}
        onAddParam={() => setModal('param')}
        canUndo={canUndo(history)}
        canRedo={canRedo(history)}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        dirty={dirty}
        saving={save.isPending}
        onSave={() =>
          save.mutate(
            { id: dashboard.dashboard_id, draft, version: dashboard.version },
            { onSuccess: (d) => props.onDone(d) },
          )
        }
        onCancel={cancel}
      />
      {save.isError && (
        <Alert color="red" title="Could not save" role="alert">
          {save.error instanceof ApiError && save.error.status === 409
            ? 'Someone saved this dashboard since you started editing. Your changes are still here: save again to replace their version with yours, or leave edit mode to see theirs.'
            : save.error.message}
        </Alert>
      )}
      {draft.widgets.length === 0 && (
        <EmptyDashboard
          onAddViz={() => setModal('viz')}
          onAddText={() => setEditing({ id: null, text: '' })}
        />
      )}
      <EditGrid
        ctx={ctx}
        draft={draft}
        infoOf={infoOf}
        definitionOf={definitionOf}
        onLayout={(layout) => push({ ...draft, layout })}
        onEditText={(id) => {
          const w = draft.widgets.find((x) => x.id === id);
          if (w?.kind === 'text') setEditing({ id, text: w.text });
        }}
        onRemove={(id) => push(removeWidget(draft, id))}
      />
      <VizPickerModal
        ctx={ctx}
        opened={modal === 'viz'}
        onClose={() => setModal(null)}
        countOf={(id) => vizWidgets.filter((w) => w.visualizationId === id).length}
        onPick={(list) => {
          setPicked((p) => ({
            ...p,
            ...Object.fromEntries(list.map((x) => [x.visualizationId, x.info])),
          }));
          push(
            addWidgets(
              draft,
              list.map((x) => ({ kind: 'viz' as const, visualizationId: x.visualizationId })),
            ),
          );
          setModal(null);
        }}
      />
      <ParamPickerModal
        opened={modal === 'param'}
        onClose={() => setModal(null)}
        widgets={vizWidgets}
        infoOf={infoOf}
        onPick={(target, queryId, key) =>
          push(addWidget(draft, { kind: 'param', target, queryId, key }))
        }
      />
      <TextWidgetModal
        initial={editing?.text ?? null}
        title={editing?.id ? 'Edit text' : 'Add text'}
        onClose={() => setEditing(null)}
        onSave={(text) => {
          if (editing?.id) push(setText(draft, editing.id, text));
          else push(addWidget(draft, { kind: 'text', text }));
          setEditing(null);
        }}
      />
    </Stack>
  );
}

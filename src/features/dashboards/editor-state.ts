import { NEW_SIZES, type Draft, type DraftWidget } from './draft';
import { normalizeLayout } from '../../../shared/dashboards/grid-layout';
import { patchWidgets, placeNew } from './grid-mapping';

/** The next free `new:<n>` item id of a draft. */
export function nextNewId(draft: Draft): string {
  const used = draft.widgets
    .map((w) => /^new:(\d+)$/.exec(w.id)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number);
  return `new:${used.length ? Math.max(...used) + 1 : 1}`;
}

export type NewWidget =
  | { kind: 'viz'; visualizationId: number }
  | { kind: 'text'; text: string }
  | { kind: 'param'; key: string; queryId: number; target: string };

/** The draft with one more widget, placed below everything at its kind's default size. */
export function addWidget(draft: Draft, input: NewWidget): Draft {
  const id = nextNewId(draft);
  const widget: DraftWidget =
    input.kind === 'param' ? { ...input, id } : { ...input, id, widgetId: null };
  const { w, h } = NEW_SIZES[input.kind];
  return {
    widgets: [...draft.widgets, widget],
    layout: normalizeLayout([...draft.layout, placeNew(draft.layout, id, w, h)]),
  };
}

/** The draft with several widgets added in order (each in the first free spot then). */
export function addWidgets(draft: Draft, inputs: readonly NewWidget[]): Draft {
  return inputs.reduce(addWidget, draft);
}

/** The draft without a widget; removing a visualization widget removes the params driving it. */
export function removeWidget(draft: Draft, id: string): Draft {
  const gone = new Set([id]);
  for (const w of draft.widgets) if (w.kind === 'param' && w.target === id) gone.add(w.id);
  return {
    widgets: draft.widgets.filter((w) => !gone.has(w.id)),
    layout: normalizeLayout(draft.layout.filter((l) => !gone.has(l.i))),
  };
}

export function setText(draft: Draft, id: string, text: string): Draft {
  return {
    ...draft,
    widgets: draft.widgets.map((w) => (w.id === id && w.kind === 'text' ? { ...w, text } : w)),
  };
}

/** Whether saving the draft would change what `saved` holds. */
export function isDirty(saved: Draft, draft: Draft): boolean {
  return JSON.stringify(patchWidgets(saved)) !== JSON.stringify(patchWidgets(draft));
}

import 'react-grid-layout/css/styles.css';
import { Text } from '@mantine/core';
import { GridLayout, useContainerWidth, type Layout } from 'react-grid-layout';
import {
  GRID_COLS,
  GRID_MARGIN,
  normalizeLayout,
  ROW_HEIGHT,
  toPosition,
  type GridItem,
} from '../../../shared/dashboards/grid-layout';
import type { Draft, DraftWidget } from './draft';
import { EditCard } from './edit-card';
import { EditVizBody, type Definition } from './edit-viz-body';
import classes from './edit-grid.module.css';
import { sameLayout } from './grid-mapping';
import { isArrow, nudge } from './keyboard';
import { MarkdownText } from '../../components/markdown-text';
import type { VizInfo } from './viz-info';

const GRID_CONFIG = {
  cols: GRID_COLS,
  rowHeight: ROW_HEIGHT,
  margin: [GRID_MARGIN, GRID_MARGIN] as const,
  containerPadding: [0, 0] as const,
};
const DRAG_CONFIG = { handle: '.dashboard-drag-handle' };
const RESIZE_CONFIG = { handles: ['s', 'w', 'e', 'n', 'sw', 'nw', 'se', 'ne'] as const };

type Props = {
  ctx: string;
  draft: Draft;
  infoOf: (visualizationId: number) => VizInfo | undefined;
  /** A visualization's definition when the dashboard's list has it (else the card reads it). */
  definitionOf: (visualizationId: number) => Definition | undefined;
  /** A new layout from a drag, a resize or a key: one undoable step. */
  onLayout: (layout: GridItem[]) => void;
  onEditText: (id: string) => void;
  onRemove: (id: string) => void;
};

/**
 * The editor's grid: drag by the handle, resize from every edge and corner, arrows nudge. Each
 * visualization is drawn live in its card (and follows the card's size), as viewers will see it.
 */
export function EditGrid({
  ctx,
  draft,
  infoOf,
  definitionOf,
  onLayout,
  onEditText,
  onRemove,
}: Props) {
  const { width, containerRef, mounted } = useContainerWidth();
  const commit = (layout: Layout) => {
    const next = normalizeLayout(layout);
    if (!sameLayout(next, draft.layout)) onLayout(next);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>, id: string) => {
    if (e.target !== e.currentTarget || !isArrow(e.key)) return;
    e.preventDefault();
    const next = nudge(draft.layout, id, e.key, e.shiftKey);
    if (next) onLayout(next);
  };
  const titleOf = (w: DraftWidget) =>
    w.kind === 'viz'
      ? (infoOf(w.visualizationId)?.name ?? `Visualization ${w.visualizationId}`)
      : w.kind === 'text'
        ? 'Text'
        : `Parameter ${w.key}`;

  return (
    <div ref={containerRef} className={classes.grid} data-testid="edit-grid">
      {mounted && (
        <GridLayout
          width={width}
          layout={draft.layout}
          gridConfig={GRID_CONFIG}
          dragConfig={DRAG_CONFIG}
          resizeConfig={RESIZE_CONFIG}
          onLayoutChange={commit}
        >
          {draft.widgets.map((w) => {
            const title = titleOf(w);
            const l = draft.layout.find((item) => item.i === w.id);
            const p = l ? toPosition(l) : null;
            const info = w.kind === 'viz' ? infoOf(w.visualizationId) : undefined;
            const target = w.kind === 'param' ? draft.widgets.find((o) => o.id === w.target) : null;
            return (
              <div key={w.id}>
                <div
                  className={classes.item}
                  tabIndex={0}
                  role="group"
                  aria-label={`${title}. Arrow keys move it, Shift and arrow keys resize it.`}
                  data-item-id={w.id}
                  data-position={p ? `${p.col},${p.row},${p.size_x},${p.size_y}` : undefined}
                  onKeyDown={(e) => onKeyDown(e, w.id)}
                >
                  <EditCard
                    title={title}
                    kind={w.kind === 'viz' ? (info?.type ?? 'chart') : w.kind}
                    onEdit={w.kind === 'text' ? () => onEditText(w.id) : undefined}
                    onRemove={() => onRemove(w.id)}
                  >
                    {w.kind === 'viz' && (
                      <EditVizBody
                        ctx={ctx}
                        visualizationId={w.visualizationId}
                        info={info}
                        definition={definitionOf(w.visualizationId)}
                      />
                    )}
                    {w.kind === 'text' && <MarkdownText text={w.text} />}
                    {w.kind === 'param' && (
                      <Text size="xs" c="dimmed">
                        Drives{' '}
                        {target?.kind === 'viz'
                          ? (infoOf(target.visualizationId)?.name ?? 'a visualization')
                          : 'a removed widget'}
                      </Text>
                    )}
                  </EditCard>
                </div>
              </div>
            );
          })}
        </GridLayout>
      )}
    </div>
  );
}

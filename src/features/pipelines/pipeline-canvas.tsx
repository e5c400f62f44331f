import '@xyflow/react/dist/style.css';
import { useComputedColorScheme } from '@mantine/core';
import {
  Background,
  Controls,
  Handle,
  MarkerType,
  Position,
  ReactFlow,
  ReactFlowProvider,
  useReactFlow,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  type NodeProps,
} from '@xyflow/react';
import { useEffect, useMemo, useState } from 'react';
import type { Graph } from './graph-model';
import type { Positions } from './layout';
import { NodeCard, type NodeCardInfo } from './node-card';

type CardData = { info: NodeCardInfo; onRemove?: () => void };
type CardNode = Node<CardData, 'card'>;

function CardNodeView({ data }: NodeProps<CardNode>) {
  const scheme = useComputedColorScheme('light');
  const handle = { width: 12, height: 12, background: 'var(--mantine-primary-color-filled)' };
  return (
    <>
      <Handle
        type="target"
        position={Position.Left}
        style={handle}
        aria-label={`Dependencies of node ${data.info.id}`}
      />
      <NodeCard info={data.info} scheme={scheme} onRemove={data.onRemove} />
      <Handle
        type="source"
        position={Position.Right}
        style={handle}
        aria-label={`Dependants of node ${data.info.id}`}
      />
    </>
  );
}

const NODE_TYPES = { card: CardNodeView };

export type PipelineCanvasProps = {
  graph: Graph;
  positions: Positions;
  cards: Map<number, NodeCardInfo>;
  /** Editing is off while a run is going. */
  editable: boolean;
  /** Changes whenever the view should fit the graph again (after a layout). */
  fitSignal: number;
  onMove: (id: number, position: { x: number; y: number }) => void;
  onConnect: (from: number, to: number) => void;
  onDisconnect: (from: number, to: number) => void;
  onRemove: (id: number) => void;
};

/** What React Flow keeps per node that the graph does not: its measured size, selection. */
type NodeUi = { measured?: { width: number; height: number }; selected?: boolean };

const edgeId = (from: number, to: number) => `${from}->${to}`;

function Canvas(props: PipelineCanvasProps) {
  const { graph, positions, cards, editable, fitSignal } = props;
  const scheme = useComputedColorScheme('light');
  const flow = useReactFlow();
  const [ui, setUi] = useState<Record<string, NodeUi>>({});
  const [selectedEdges, setSelectedEdges] = useState<Set<string>>(new Set());

  // Fitting the view is an imperative call into React Flow after a layout changed positions.
  useEffect(() => {
    if (fitSignal > 0) void flow.fitView({ padding: 0.2 });
  }, [fitSignal, flow]);

  const nodes = useMemo<CardNode[]>(
    () =>
      graph.nodes.map((n) => {
        const id = String(n.id);
        const info = cards.get(n.id);
        return {
          id,
          type: 'card',
          position: positions[n.id] ?? { x: 0, y: 0 },
          data: {
            info: info ?? {
              id: n.id,
              kind: n.kind,
              title: `Node ${n.id}`,
              subtitle: '',
              tier: '',
              state: 'idle',
            },
            onRemove: editable ? () => props.onRemove(n.id) : undefined,
          },
          ...ui[id],
        };
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- props.onRemove is a fresh closure each render
    [graph.nodes, positions, cards, editable, ui],
  );

  const running = new Set(
    [...cards.values()].filter((c) => c.state === 'executing').map((c) => c.id),
  );
  const edgeColor =
    scheme === 'dark' ? 'var(--mantine-color-dark-2)' : 'var(--mantine-color-gray-6)';
  const edges: Edge[] = graph.edges.map((e) => {
    const id = edgeId(e.from, e.to);
    return {
      id,
      source: String(e.from),
      target: String(e.to),
      selected: selectedEdges.has(id),
      animated: running.has(e.to),
      style: { stroke: edgeColor, strokeWidth: 1.5 },
      markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18, color: edgeColor },
      ariaLabel: `Node ${e.to} depends on node ${e.from}`,
    };
  });

  const onNodesChange = (changes: NodeChange<CardNode>[]) => {
    const next = { ...ui };
    let changed = false;
    for (const c of changes) {
      if (c.type === 'position' && c.position) props.onMove(Number(c.id), c.position);
      else if (c.type === 'dimensions' && c.dimensions) {
        next[c.id] = { ...next[c.id], measured: c.dimensions };
        changed = true;
      } else if (c.type === 'select') {
        next[c.id] = { ...next[c.id], selected: c.selected };
        changed = true;
      } else if (c.type === 'remove' && editable) props.onRemove(Number(c.id));
    }
    if (changed) setUi(next);
  };

  const onEdgesChange = (changes: EdgeChange[]) => {
    const next = new Set(selectedEdges);
    for (const c of changes) {
      if (c.type === 'select') {
        if (c.selected) next.add(c.id);
        else next.delete(c.id);
      } else if (c.type === 'remove' && editable) {
        const edge = graph.edges.find((e) => edgeId(e.from, e.to) === c.id);
        if (edge) props.onDisconnect(edge.from, edge.to);
        next.delete(c.id);
      }
    }
    setSelectedEdges(next);
  };

  return (
    <ReactFlow
      nodes={nodes}
      edges={edges}
      nodeTypes={NODE_TYPES}
      colorMode={scheme}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={(c) => props.onConnect(Number(c.source), Number(c.target))}
      nodesConnectable={editable}
      deleteKeyCode={editable ? ['Backspace', 'Delete'] : null}
      fitView
      fitViewOptions={{ padding: 0.2 }}
      minZoom={0.2}
      maxZoom={1.5}
      proOptions={{ hideAttribution: true }}
      aria-label="Pipeline graph"
    >
      <Background gap={20} />
      <Controls showInteractive={false} />
    </ReactFlow>
  );
}

/** The pipeline's node graph (React Flow; loaded lazily with the pipelines page). */
export default function PipelineCanvas(props: PipelineCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

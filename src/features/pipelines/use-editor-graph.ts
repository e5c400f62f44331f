import { useState } from 'react';
import {
  addNode,
  connect,
  disconnect,
  emptyGraph,
  removeNode,
  type Graph,
  type NodeTarget,
} from './graph-model';
import { layoutGraph, type Positions } from './layout';

type EditorState = { graph: Graph; positions: Positions; fitSignal: number };

const laidOut = (graph: Graph, fitSignal: number): EditorState => ({
  graph,
  positions: layoutGraph(graph),
  fitSignal: fitSignal + 1,
});

/**
 * The graph being edited (a draft: never sent until Run) and where its nodes sit. Every change
 * of structure lays the graph out again; dragging a node only moves it.
 */
export function useEditorGraph(initial: Graph) {
  const [state, setState] = useState<EditorState>(() => ({ ...laidOut(initial, 0), fitSignal: 0 }));
  /** Changes from one event (a node and its edges deleted by a key) apply one after another. */
  const update = (change: (g: Graph) => Graph) =>
    setState((s) => laidOut(change(s.graph), s.fitSignal));
  return {
    ...state,
    add: (target: NodeTarget) => update((g) => addNode(g, target)),
    remove: (id: number) => update((g) => removeNode(g, id)),
    /** Adds the edge, or answers why it cannot be added. */
    connect: (from: number, to: number): string | null => {
      const r = connect(state.graph, from, to);
      if (!r.ok) return r.message;
      update(() => r.graph);
      return null;
    },
    disconnect: (from: number, to: number) => update((g) => disconnect(g, from, to)),
    move: (id: number, position: { x: number; y: number }) =>
      setState((s) => ({ ...s, positions: { ...s.positions, [id]: position } })),
    relayout: () => update((g) => g),
    replace: (graph: Graph) => update(() => graph),
    clear: () => update(() => emptyGraph()),
  };
}

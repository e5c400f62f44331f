/** The grid's keyboard commands (the grid element has focus; a cell may be selected). */
export type GridCommand =
  | { kind: 'move'; rows: number; cols: number }
  | { kind: 'first' }
  | { kind: 'last' }
  | { kind: 'copyCell' }
  | { kind: 'copyRow' }
  | { kind: 'menu' }
  | { kind: 'detail' }
  | { kind: 'clear' };

type KeyLike = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
};

/**
 * The command a key press means, or null to leave it to the browser (plain Home/End/PageUp/
 * PageDown and arrows without a selection scroll natively). `pageRows` is how many rows
 * PageUp/PageDown move a selection.
 */
export function gridCommand(
  e: KeyLike,
  hasSelection: boolean,
  pageRows: number,
): GridCommand | null {
  const mod = e.ctrlKey || e.metaKey;
  if (mod && !e.altKey && e.key.toLowerCase() === 'c')
    return hasSelection ? { kind: e.shiftKey ? 'copyRow' : 'copyCell' } : null;
  if (mod && e.key === 'Home') return { kind: 'first' };
  if (mod && e.key === 'End') return { kind: 'last' };
  if (e.key === 'ContextMenu' || (e.shiftKey && e.key === 'F10'))
    return hasSelection ? { kind: 'menu' } : null;
  if (!hasSelection || mod || e.altKey) return null;
  switch (e.key) {
    case 'ArrowUp':
      return { kind: 'move', rows: -1, cols: 0 };
    case 'ArrowDown':
      return { kind: 'move', rows: 1, cols: 0 };
    case 'ArrowLeft':
      return { kind: 'move', rows: 0, cols: -1 };
    case 'ArrowRight':
      return { kind: 'move', rows: 0, cols: 1 };
    case 'PageUp':
      return { kind: 'move', rows: -pageRows, cols: 0 };
    case 'PageDown':
      return { kind: 'move', rows: pageRows, cols: 0 };
    case 'Escape':
      return { kind: 'clear' };
    case 'Enter':
    case ' ':
      return { kind: 'detail' };
    default:
      return null;
  }
}

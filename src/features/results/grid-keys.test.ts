import { describe, expect, it } from 'vitest';
import { gridCommand } from './grid-keys';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('gridCommand', () => {
  it('copies the cell with Ctrl+C or Cmd+C, the row with Shift', () => {
    expect(gridCommand(key('c', { ctrlKey: true }), true, 10)).toEqual({ kind: 'copyCell' });
    expect(gridCommand(key('c', { metaKey: true }), true, 10)).toEqual({ kind: 'copyCell' });
    expect(gridCommand(key('C', { ctrlKey: true, shiftKey: true }), true, 10)).toEqual({
      kind: 'copyRow',
    });
    expect(gridCommand(key('c', { ctrlKey: true }), false, 10)).toBeNull();
  });
  it('jumps to the first and last row with Ctrl+Home/End', () => {
    expect(gridCommand(key('End', { ctrlKey: true }), false, 10)).toEqual({ kind: 'last' });
    expect(gridCommand(key('Home', { metaKey: true }), true, 10)).toEqual({ kind: 'first' });
  });
  it('moves a selection with arrows and pages', () => {
    expect(gridCommand(key('ArrowDown'), true, 10)).toEqual({ kind: 'move', rows: 1, cols: 0 });
    expect(gridCommand(key('ArrowLeft'), true, 10)).toEqual({ kind: 'move', rows: 0, cols: -1 });
    expect(gridCommand(key('PageDown'), true, 12)).toEqual({ kind: 'move', rows: 12, cols: 0 });
  });
  it('leaves plain keys to the browser without a selection', () => {
    for (const k of ['ArrowDown', 'End', 'Home', 'PageDown', 'a'])
      expect(gridCommand(key(k), false, 10)).toBeNull();
    expect(gridCommand(key('End'), true, 10)).toBeNull();
  });
  it('opens the menu and clears the selection from the keyboard', () => {
    expect(gridCommand(key('ContextMenu'), true, 10)).toEqual({ kind: 'menu' });
    expect(gridCommand(key('F10', { shiftKey: true }), true, 10)).toEqual({ kind: 'menu' });
    expect(gridCommand(key('Escape'), true, 10)).toEqual({ kind: 'clear' });
  });
  it('opens the selected cell’s full value with Enter or Space', () => {
    expect(gridCommand(key('Enter'), true, 10)).toEqual({ kind: 'detail' });
    expect(gridCommand(key(' '), true, 10)).toEqual({ kind: 'detail' });
    expect(gridCommand(key('Enter'), false, 10)).toBeNull();
  });
});

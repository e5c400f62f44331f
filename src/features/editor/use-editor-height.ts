import { useLocalStorage, useViewportSize } from '@mantine/hooks';
import { clampSize, type Bounds } from '../../lib/splitter';

export const DEFAULT_EDITOR_HEIGHT = 300;
const MIN_HEIGHT = 120;
/** Room kept under the editor for the run controls and the first rows of a result. */
const BELOW = 200;

/**
 * The SQL editor's height, set with the splitter under it and remembered in this browser
 * (local storage), within what the window allows.
 */
export function useEditorHeight() {
  const [stored, setStored] = useLocalStorage<number>({
    key: 'strata.editor-height',
    defaultValue: DEFAULT_EDITOR_HEIGHT,
    getInitialValueInEffect: false,
  });
  const { height: viewport } = useViewportSize();
  const bounds: Bounds = {
    min: MIN_HEIGHT,
    max: Math.max(MIN_HEIGHT, (viewport || window.innerHeight) - BELOW),
  };
  const height = clampSize(Number.isFinite(stored) ? stored : DEFAULT_EDITOR_HEIGHT, bounds);
  return { height, setHeight: setStored, bounds };
}

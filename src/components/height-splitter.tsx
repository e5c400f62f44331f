import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { clampSize, sizeAfterKey, type Bounds } from '../lib/splitter';
import classes from './height-splitter.module.css';

/**
 * A splitter under a pane of height `value`: drag it, or focus it and use the arrows, Page
 * Up/Down, Home and End (an ARIA window splitter); a double click goes back to `reset`.
 */
export function HeightSplitter(props: {
  value: number;
  onChange: (height: number) => void;
  bounds: Bounds;
  reset: number;
  label: string;
  /** Id of the pane it resizes. */
  controls?: string;
}) {
  const drag = useRef<{ y: number; h: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const { value, onChange, bounds } = props;

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    drag.current = { y: e.clientY, h: value };
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onChange(clampSize(drag.current.h + e.clientY - drag.current.y, bounds));
  };
  const end = () => {
    drag.current = null;
    setDragging(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = sizeAfterKey(e.key, value, bounds);
    if (next === null) return;
    e.preventDefault();
    onChange(next);
  };
  return (
    <div
      role="separator"
      aria-orientation="horizontal"
      aria-label={props.label}
      aria-controls={props.controls}
      aria-valuenow={value}
      aria-valuemin={bounds.min}
      aria-valuemax={Math.max(bounds.min, bounds.max)}
      tabIndex={0}
      className={classes.root}
      data-dragging={dragging || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
      onKeyDown={onKeyDown}
      onDoubleClick={() => onChange(clampSize(props.reset, bounds))}
    >
      <div className={classes.grip} />
    </div>
  );
}

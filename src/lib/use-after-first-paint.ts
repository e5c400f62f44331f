import { startTransition, useEffect, useState } from 'react';

/**
 * False for a component's first render, true once that render has been painted: a page can show
 * what matters first (the query's SQL) in its first frame and render the rest right after, as a
 * transition that input interrupts.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // A timeout inside an animation frame runs after that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

import { useEffect, useState } from 'react';

/**
 * False for a component's first render, true once that render has been painted: a page can show
 * what matters first (the query's SQL) in its first frame and render the rest right after. A
 * plain update, not a transition: a transition can be put off again and again by other updates
 * on a busy machine, and the rest of the page would never show.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: number | undefined;
    // A timeout inside an animation frame runs after that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

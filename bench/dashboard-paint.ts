/**
 * When a dashboard page (the app's or the bare one) has painted every visualization widget, for
 * bench/dashboard.ts: the check, run by Playwright's polling or by the page itself.
 */

/** `any`: drawn by the server (the first paint) or by the app; `app`: only by the app. */
export type PaintCheck = { count: number; by: 'any' | 'app' };

/**
 * Whether every visualization widget shows its content: a chart has painted, a counter shows its
 * value, a table shows its first rows. A first paint's chart for the other color scheme is
 * hidden and does not count. Inline throughout: the page runs this function's text, without the
 * helpers a compiler adds for named functions.
 */
export function widgetsPainted({ count, by }: PaintCheck): boolean {
  const groups: [string, string][] = [
    [
      '[data-widget^="v:"]',
      '[data-painted="true"], [data-testid="counter-value"], [data-testid="viz-table"] [role="rowgroup"] [role="cell"]',
    ],
  ];
  if (by === 'any') groups.push(['[data-fp-widget^="v:"]', '[data-fp-painted]']);
  return groups.some(([widgetsAt, paintedAt]) => {
    const widgets = [...document.querySelectorAll(widgetsAt)];
    return (
      widgets.length === count &&
      widgets.every((w) =>
        [...w.querySelectorAll(paintedAt)].some((el) => {
          const r = el.getBoundingClientRect();
          return (
            r.width > 0 &&
            r.height > 0 &&
            (!el.classList.contains('sfp-chart') || el.querySelector('svg') !== null)
          );
        }),
      )
    );
  });
}

/** Where the page's own clock puts its time of "all painted" (PAINT_CLOCK_SCRIPT). */
export const PAINTED_AT = '__benchPaintedAt';

/**
 * An init script (it runs before the page's HTML is parsed) that checks `check` at every frame
 * and, at the first frame where it holds, notes the time once that frame has been drawn (the
 * task after the frame's rendering), in milliseconds from navigation start. Playwright's own
 * polling can look only when the page's main thread is free of its parsing and scripts, which
 * may be long after the frame that showed the widgets.
 */
export function paintClockScript(check: PaintCheck): string {
  return `(() => {
  const painted = ${widgetsPainted.toString()};
  const check = ${JSON.stringify(check)};
  const frame = () => {
    if (painted(check)) setTimeout(() => { window[${JSON.stringify(PAINTED_AT)}] = performance.now(); }, 0);
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;
}

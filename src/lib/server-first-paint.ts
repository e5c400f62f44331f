/**
 * The server's first paint of a public dashboard (server/previews/first-paint-html.ts): HTML in
 * the root element, with the charts as SVG, shown before any script runs. When the app starts,
 * it lifts that paint out of the root, over the page (same place, same boxes: nothing moves),
 * without pointer events and hidden from assistive technology, so the app renders beneath it;
 * the paint is removed once the app has painted every widget the server painted (or the page
 * left the dashboard, or after MAX_MS). So no widget flashes back to a loader in between.
 */

import { FIRST_PAINT_MARKS as MARKS } from '../../shared/pages/page-protocol';

/** What shows that the app painted a widget (as bench/dashboard.ts counts it). */
const APP_PAINTED =
  '[data-painted="true"], [data-testid="counter-value"], [data-testid="viz-table"] [role="cell"]';
const MAX_MS = 15_000;

function appPaintedAll(paint: Element): boolean {
  if (!document.querySelector('[data-testid="dashboard-grid"]')) return false;
  return [...paint.querySelectorAll(`[${MARKS.widget}]`)].every((w) => {
    if (!w.querySelector(`[${MARKS.painted}]`)) return true;
    const id = w.getAttribute(MARKS.widget)!;
    const app = [...document.querySelectorAll('[data-widget]')].find(
      (el) => el.getAttribute('data-widget') === id,
    );
    return !!app?.querySelector(APP_PAINTED);
  });
}

/**
 * Lifts the server's first paint over the page if there is one, and resolves after the browser
 * has had a frame to show it (the app's start would otherwise hold the main thread until React
 * replaced it unseen). Resolves at once when the page has none.
 */
export function liftServerFirstPaint(): Promise<void> {
  const paint = document.querySelector<HTMLElement>(`#root > [${MARKS.paint}]`);
  if (!paint) return Promise.resolve();
  paint.classList.add(MARKS.over);
  paint.setAttribute('aria-hidden', 'true');
  paint.inert = true;
  document.body.appendChild(paint);
  const path = location.pathname;
  const started = performance.now();
  const check = () => {
    if (location.pathname !== path || performance.now() - started > MAX_MS || appPaintedAll(paint))
      paint.remove();
    else requestAnimationFrame(check);
  };
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      setTimeout(resolve, 0);
      requestAnimationFrame(check);
    }),
  );
}

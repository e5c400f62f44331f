import { parentPort } from 'node:worker_threads';
import { cardSvg } from './card-svg.js';
import { svgToPng } from './png.js';
import type { ToPool, ToWorker } from './render-pool.js';

/**
 * The render thread: a card (plain data) in, its PNG out. ECharts lays out and draws the charts
 * to SVG, resvg turns the card into pixels; both are synchronous CPU work, kept here so the
 * server's event loop never waits for them.
 */
const port = parentPort!;
port.on('message', (m: ToWorker) => {
  try {
    const png = new Uint8Array(svgToPng(cardSvg(m.card)));
    port.postMessage({ id: m.id, png } satisfies ToPool, [png.buffer]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    port.postMessage({ id: m.id, error: message } satisfies ToPool);
  }
});

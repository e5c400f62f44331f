import { parentPort } from 'node:worker_threads';
import { cardSvg } from './card-svg.js';
import { chartSvgs } from './chart-svgs.js';
import { svgToPng } from './png.js';
import type { ToPool, ToWorker } from './render-pool.js';

/**
 * The render thread: a card (plain data) in, its PNG out, or charts in, their SVG out. ECharts
 * lays out and draws the charts to SVG, resvg turns a card into pixels; both are synchronous CPU
 * work, kept here so the server's event loop never waits for them.
 */
const port = parentPort!;
port.on('message', (m: ToWorker) => {
  try {
    if ('charts' in m.job) {
      port.postMessage({ id: m.id, svgs: chartSvgs(m.job.charts) } satisfies ToPool);
      return;
    }
    const png = new Uint8Array(svgToPng(cardSvg(m.job.card)));
    port.postMessage({ id: m.id, png } satisfies ToPool, [png.buffer]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    port.postMessage({ id: m.id, error: message } satisfies ToPool);
  }
});

import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.js';
import type { Card } from './card-svg.js';
import type { ChartJob } from './chart-svgs.js';

/** A card to draw as PNG, or charts to draw as SVG documents (a public page's first paint). */
export type RenderJob = { card: Card } | { charts: ChartJob[] };
export type ToWorker = { id: number; job: RenderJob };
export type ToPool =
  { id: number; png: Uint8Array } | { id: number; svgs: string[] } | { id: number; error: string };
type Done = Exclude<ToPool, { error: string }>;

type Pending = { resolve: (done: Done) => void; reject: (err: Error) => void };

export type RenderLimits = {
  /** A render not done this long after it was asked ends the thread (and fails what it held). */
  timeoutMs: number;
  /** The thread ends after this long without work (it holds ECharts and a font in memory). */
  idleMs: number;
  /** The thread's heap limit. */
  maxHeapMb: number;
  /** Renders waiting at most; past it a render is refused at once (the server is busy). */
  maxQueue: number;
};

export const DEFAULT_RENDER_LIMITS: RenderLimits = {
  timeoutMs: 20_000,
  idleMs: 5 * 60_000,
  maxHeapMb: 256,
  maxQueue: 16,
};

const unavailable = (message: string) => new AppError('unavailable', message);

/**
 * Renders preview cards to PNG, and charts to SVG, on one worker thread (render-worker.ts),
 * started by the first render and ended when idle: the server's event loop only posts the work
 * and gets the answer.
 * Renders run one after another, at most `maxQueue` waiting; one past its time limit ends the
 * thread, failing the renders it held (unavailable: 503), and the next render starts a new one.
 */
export class RenderPool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly limits: RenderLimits = DEFAULT_RENDER_LIMITS) {}

  /** A preview card as PNG. */
  async render(card: Card): Promise<Uint8Array> {
    const done = await this.post({ card });
    if (!('png' in done)) throw new Error('the render thread answered a card without a PNG');
    return done.png;
  }

  /** Charts as standalone SVG documents, in the order asked. */
  async renderCharts(charts: ChartJob[]): Promise<string[]> {
    const done = await this.post({ charts });
    if (!('svgs' in done)) throw new Error('the render thread answered charts without SVG');
    return done.svgs;
  }

  private post(job: RenderJob): Promise<Done> {
    if (this.pending.size >= this.limits.maxQueue)
      return Promise.reject(unavailable('too many previews are being rendered; retry soon'));
    clearTimeout(this.idle);
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Done>((resolve, reject) => {
      const timer = setTimeout(() => {
        void this.stop(
          worker,
          unavailable(`rendering the preview took longer than ${this.limits.timeoutMs} ms`),
        );
      }, this.limits.timeoutMs);
      const settle = () => {
        clearTimeout(timer);
        this.pending.delete(id);
        if (this.pending.size === 0) this.rest(worker);
      };
      this.pending.set(id, {
        resolve: (done) => (settle(), resolve(done)),
        reject: (err) => (settle(), reject(err)),
      });
      worker.ref();
      worker.postMessage({ id, job } satisfies ToWorker);
    });
  }

  /** Ends the thread; renders still going fail. */
  async close(): Promise<void> {
    clearTimeout(this.idle);
    const worker = this.worker;
    if (worker) await this.stop(worker, unavailable('the render thread was closed'));
  }

  private start(): Worker {
    const worker = new Worker(new URL('./render-worker-boot.mjs', import.meta.url), {
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: this.limits.maxHeapMb },
    });
    this.worker = worker;
    worker.on('message', (m: ToPool) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      if ('error' in m) p.reject(new Error(`rendering failed: ${m.error}`));
      else p.resolve(m);
    });
    worker.on('error', (err) => this.failAll(worker, err));
    worker.on('exit', (code) =>
      this.failAll(worker, unavailable(`the render thread exited (code ${code})`)),
    );
    return worker;
  }

  /** No render waits: the thread may not hold the process open, and ends when idle long enough. */
  private rest(worker: Worker) {
    if (this.worker !== worker) return;
    worker.unref();
    this.idle = setTimeout(() => void this.stop(worker), this.limits.idleMs);
    this.idle.unref();
  }

  private async stop(worker: Worker, reason?: Error): Promise<void> {
    this.failAll(worker, reason ?? unavailable('the render thread ended'));
    await worker.terminate();
  }

  private failAll(worker: Worker, err: Error) {
    if (this.worker !== worker) return;
    this.worker = null;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(err);
  }
}

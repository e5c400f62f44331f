import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.js';
import type { Card } from './card-svg.js';

export type ToWorker = { id: number; card: Card };
export type ToPool = { id: number; png: Uint8Array } | { id: number; error: string };

type Pending = { resolve: (png: Uint8Array) => void; reject: (err: Error) => void };

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
 * Renders preview cards to PNG on one worker thread (render-worker.ts), started by the first
 * render and ended when idle: the server's event loop only posts the card and gets the bytes.
 * Renders run one after another, at most `maxQueue` waiting; one past its time limit ends the
 * thread, failing the renders it held (unavailable: 503), and the next render starts a new one.
 */
export class RenderPool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  constructor(private readonly limits: RenderLimits = DEFAULT_RENDER_LIMITS) {}

  render(card: Card): Promise<Uint8Array> {
    if (this.pending.size >= this.limits.maxQueue)
      return Promise.reject(unavailable('too many previews are being rendered; retry soon'));
    clearTimeout(this.idle);
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.stop(
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
        resolve: (png) => (settle(), resolve(png)),
        reject: (err) => (settle(), reject(err)),
      });
      worker.ref();
      worker.postMessage({ id, card } satisfies ToWorker);
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
      if ('png' in m) p.resolve(m.png);
      else p.reject(new Error(`rendering the preview failed: ${m.error}`));
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

/**
 * The thread that runs sandboxes (see sandbox-pool.ts): every DuckDB instance user SQL runs in
 * is made, used and closed here, so their synchronous parts (starting an instance, closing one:
 * 5-20 ms each) never block the server's event loop.
 */
import { parentPort } from 'node:worker_threads';
import { duneSqlLibrary } from './dialects.js';
import { runInSandbox, type SandboxRequest } from './sandbox.js';
import { SqlError } from './sql-errors.js';
import { SandboxInstances } from './sandbox-instances.js';
import type { ToPool, ToWorker } from './sandbox-pool.js';

const port = parentPort;
if (!port) throw new Error('sandbox-worker.ts runs as a worker thread of sandbox-pool.ts');

const instances = new SandboxInstances();
// Made now, so the first DuneSQL run does not wait for it (a failure shows at that run).
duneSqlLibrary().catch(() => {});
/** How to interrupt each run that has started (the pool asks only after it was told so). */
const interrupts = new Map<number, () => void>();
const send = (message: ToPool) => port.postMessage(message);

async function run(id: number, request: SandboxRequest) {
  try {
    const out = await runInSandbox({
      ...request,
      instances,
      onStart: (interrupt, writing) => {
        interrupts.set(id, interrupt);
        send({ kind: 'started', id, writing });
      },
    });
    send({ kind: 'done', id, run: out });
  } catch (err) {
    send({
      kind: 'failed',
      id,
      error:
        err instanceof SqlError
          ? { sql: { type: err.type, message: err.message, offset: err.offset } }
          : {
              message: err instanceof Error ? err.message : String(err),
              code: (err as NodeJS.ErrnoException).code,
              stack: err instanceof Error ? err.stack : undefined,
            },
    });
  } finally {
    interrupts.delete(id);
  }
}

port.on('message', (message: ToWorker) => {
  switch (message.kind) {
    case 'run':
      return void run(message.id, message.request);
    case 'interrupt':
      return interrupts.get(message.id)?.();
    case 'close':
      return void instances.close().then(() => {
        send({ kind: 'closed' });
        port.close();
      });
  }
});

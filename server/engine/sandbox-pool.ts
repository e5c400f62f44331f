import { Worker } from 'node:worker_threads';
import { fullName, layoutOf, type LakeTable } from '../lake/lake-table.js';
import { tablesNamedIn } from './named-tables.js';
import type { ExposedTable, SandboxRequest, SandboxRun } from './sandbox.js';
import { digitColumns, missingLinkedFile } from './snapshot-read.js';
import { SqlError } from './sql-errors.js';

/** A failure as it crosses threads: user SQL's (a SqlError) or anything else. */
type RunFailure =
  | { sql: { type: SqlError['type']; message: string; offset?: number } }
  | { message: string; code?: string; stack?: string };

export type ToWorker =
  | { kind: 'run'; id: number; request: SandboxRequest }
  | { kind: 'interrupt'; id: number }
  | { kind: 'close' };

export type ToPool =
  | { kind: 'started'; id: number; writing: string }
  | { kind: 'done'; id: number; run: SandboxRun }
  | { kind: 'failed'; id: number; error: RunFailure }
  | { kind: 'closed' };

type Pending = {
  resolve: (run: SandboxRun) => void;
  reject: (err: Error) => void;
  onStart?: OnStart;
};

/** What the pool needs of a table the context may read (as the lake lists them). */
type VisibleTable = Pick<
  LakeTable,
  'catalog' | 'schema_name' | 'table_name' | 'snapshot' | 'metadata' | 'columns'
>;

/** Told once a run's query starts: its interrupt, and the file its result is written to. */
export type OnStart = (interrupt: () => void, writing: string) => void;

/**
 * Runs sandboxes (sandbox.ts) on a worker thread of their own (sandbox-worker.ts), made when the
 * first run comes: the instances' synchronous start and close stay off the event loop that
 * answers requests. A worker that dies fails the runs it had; the next run starts a new one.
 */
export class SandboxPool {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /**
   * Runs one statement over the tables its context may read (`visible`); `onStart` is told once
   * the query has started.
   */
  run(
    request: Omit<SandboxRequest, 'tables'>,
    visible: VisibleTable[],
    onStart?: OnStart,
  ): Promise<SandboxRun> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    // Only the tables the SQL names cross to the thread (the sandbox shows no others), each
    // with its layout.
    const tables = tablesNamedIn(request.sql, visible).map((t) => ({
      catalog: t.catalog,
      schema_name: t.schema_name,
      table_name: t.table_name,
      snapshot: t.snapshot,
      layout: layoutOf(t),
      digits: digitColumns(t.columns),
    }));
    return new Promise<SandboxRun>((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onStart });
      worker.ref();
      worker.postMessage({ kind: 'run', id, request: { ...request, tables } } satisfies ToWorker);
    }).catch((err: unknown) => {
      // a statement refused before it ran is refused whatever it reads
      const refused =
        err instanceof SqlError &&
        (err.type === 'syntax_error' || err.type === 'FAILED_TYPE_NOT_ALLOWED');
      throw (!refused && missingFileError(request.lakeRoot, tables)) || err;
    });
  }

  /** Closes the spare instances and ends the worker; runs still going fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = null;
    // The worker ends by itself once its instances are closed: terminating it while DuckDB
    // still makes or closes one would abort the process.
    await new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.ref();
      worker.postMessage({ kind: 'close' } satisfies ToWorker);
    });
  }

  private start(): Worker {
    const worker = new Worker(new URL('./sandbox-worker-boot.mjs', import.meta.url), {
      execArgv: [],
    });
    worker.unref();
    worker.on('message', (m: ToPool) => this.receive(worker, m));
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the sandbox worker exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private receive(worker: Worker, m: ToPool) {
    if (m.kind === 'closed') return;
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.kind === 'started') {
      p.onStart?.(
        () => worker.postMessage({ kind: 'interrupt', id: m.id } satisfies ToWorker),
        m.writing,
      );
      return;
    }
    this.pending.delete(m.id);
    if (this.pending.size === 0) worker.unref();
    if (m.kind === 'done') p.resolve(m.run);
    else p.reject(toError(m.error));
  }
}

/**
 * A run that failed while a linked table it reads has lost a file (moved or deleted after it was
 * linked) fails for that reason: DuckDB's own error ("No files found", or "Permission Error" from
 * an instance set up before the file went) shows the server path and not the dataset.
 */
function missingFileError(lakeRoot: string, tables: ExposedTable[]): SqlError | undefined {
  const missing = (x: ExposedTable) => {
    try {
      return x.snapshot !== null && missingLinkedFile(lakeRoot, x.snapshot, x.layout) !== undefined;
    } catch {
      return false; // the snapshot itself is gone (replaced meanwhile): DuckDB's error stands
    }
  };
  const t = tables.find(missing);
  return (
    t &&
    new SqlError(
      'FAILED_TYPE_EXECUTION_FAILED',
      `a file of dataset ${fullName(t)} is missing (moved or deleted after it was linked); an operator must restore it or re-import the dataset`,
    )
  );
}

function toError(failure: RunFailure): Error {
  if ('sql' in failure)
    return new SqlError(failure.sql.type, failure.sql.message, failure.sql.offset);
  const err: NodeJS.ErrnoException = new Error(failure.message);
  err.code = failure.code;
  if (failure.stack) err.stack = failure.stack;
  return err;
}

import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import type { TrustedDuck } from '../engine/duck.js';
import {
  readJsonPage,
  writeCsvPage,
  type Page,
  type PageParams,
  type ResultSource,
} from '../engine/results.js';
import {
  writeDownload,
  type Download,
  type DownloadFormat,
  type DownloadParams,
} from '../engine/result-downloads.js';
import { invalid } from '../errors.js';
import { STATES, type ExecutionRecord } from './execution-record.js';
import { PageReadAhead } from './page-read-ahead.js';
import { visibleState } from './execution-view.js';
import type { ResultFiles } from './result-files.js';
import { pageOfRows } from '../engine/small-result.js';

/** A CSV page written to a temporary file; the caller streams it and deletes it. */
export type CsvPage = Awaited<ReturnType<typeof writeCsvPage>>;

/** Pages of an execution's kept result, read by DuckDB (engine/results.ts). */
export class ExecutionResults {
  /** Where pages are written for the answer that streams them; emptied at start. */
  private readonly pagesDir: string;
  private readonly readAhead = new PageReadAhead();

  constructor(
    private readonly deps: { config: Config; duck: TrustedDuck },
    private readonly files: ResultFiles,
  ) {
    this.pagesDir = path.join(deps.config.scratchDir, 'pages');
    fs.rmSync(this.pagesDir, { recursive: true, force: true });
    fs.mkdirSync(this.pagesDir, { recursive: true });
  }

  /** The result file of a completed execution, if it is still kept. */
  source(e: ExecutionRecord): ResultSource | undefined {
    if (visibleState(e) !== STATES.completed || !e.result_file) return undefined;
    const file = path.join(this.files.dir, e.result_file);
    if (!fs.existsSync(file)) return undefined;
    return {
      file,
      columnNames: e.column_names ?? [],
      columnTypes: e.column_types ?? [],
      rowCount: e.row_count ?? 0,
      resultBytes: e.result_bytes ?? 0,
    };
  }

  /**
   * A JSON page of the result, its rows in a file the caller streams and deletes; undefined when
   * there is none (the answer is the state alone). `readAhead: false` when no client will walk
   * on to the next page (a dashboard's bundle), so none is written ahead.
   */
  async jsonPage(
    e: ExecutionRecord,
    p: PageParams,
    opts: { readAhead: boolean } = { readAhead: true },
  ): Promise<Page | undefined> {
    const src = this.source(e);
    if (!src) return undefined;
    const rows = await this.files.small.get(e.id);
    const cut = rows && pageOfRows(this.deps.config, src, rows, p);
    if (cut) return cut;
    const write = (q: PageParams) =>
      readJsonPage(this.deps.duck, this.deps.config, this.pagesDir, src, q);
    const page = (await this.readAhead.take(e.id, p)) ?? (await write(p));
    if (opts.readAhead) this.readAhead.follow(e.id, p, page, write);
    return page;
  }

  /**
   * The first row of a completed execution's result as JSON values (undefined when it has no
   * rows); throws when its result is not kept.
   */
  async firstRow(e: ExecutionRecord): Promise<Record<string, unknown> | undefined> {
    const page = await this.jsonPage(e, { limit: 1 }, { readAhead: false });
    if (!page) throw new Error(`execution ${e.id} has no result to read`);
    let text: string;
    if ('text' in page.rows) text = page.rows.text;
    else {
      text = await fs.promises.readFile(page.rows.file, 'utf8');
      await fs.promises.rm(page.rows.file, { force: true });
    }
    const rows = JSON.parse(`[${text.replace(/,\s*$/, '')}]`) as Record<string, unknown>[];
    return rows[0];
  }

  /** Deletes the pages written ahead that nobody asked for. */
  close(): void {
    this.readAhead.clear();
  }

  /** The result file of an execution; invalid when there is none, saying why. */
  private kept(e: ExecutionRecord): ResultSource {
    const src = this.source(e);
    if (src) return src;
    const state = visibleState(e);
    if (state === STATES.failed)
      throw invalid(`the execution failed: ${e.error?.message ?? 'no result'}`);
    throw invalid(`the execution has no result to read (state ${state})`);
  }

  /** A CSV page of the result; invalid when there is none, saying why. */
  async csvPage(e: ExecutionRecord, p: PageParams): Promise<CsvPage> {
    return writeCsvPage(this.deps.duck, this.deps.config, this.pagesDir, this.kept(e), p);
  }

  /**
   * The whole result as Parquet or Arrow (engine/result-downloads.ts); invalid when there is
   * none, saying why. A temporary file is the caller's to stream and delete.
   */
  async download(e: ExecutionRecord, format: DownloadFormat, p: DownloadParams): Promise<Download> {
    return writeDownload(this.deps.duck, this.pagesDir, this.kept(e), format, p);
  }
}

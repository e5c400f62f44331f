import { api, ApiError } from '../../lib/api';
import { csvForUpload } from './csv-header';
import type { Action, Mode, SchemaColumn } from './upload-plan';
import { postCsv } from './upload-xhr';

export type UploadProgress =
  | { phase: 'preparing'; action: Exclude<Action, 'insert' | 'replace'> | null }
  | { phase: 'sending'; sent: number; total: number }
  | { phase: 'ingesting' };

export type UploadRequest = {
  ctx: string;
  namespace: string;
  table: string;
  mode: Mode;
  actions: readonly Action[];
  columns: readonly SchemaColumn[];
  description: string;
  isPrivate: boolean;
  file: Blob;
};

/** A failed upload: the service's message, and what was undone or left (null: nothing to say). */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly aftermath: string | null,
  ) {
    super(message);
  }
}

/**
 * Runs the planned actions of an upload. The CSV goes last, with its header line rewritten to
 * the chosen column names. When the insert fails after this run created the table for a NEW
 * table, the table is deleted again so nothing half-made stays.
 */
export async function runUpload(
  req: UploadRequest,
  onProgress: (p: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<{ fullName: string; rowsWritten: number }> {
  const { ctx, namespace, table } = req;
  const path = `/uploads/${encodeURIComponent(namespace)}/${encodeURIComponent(table)}`;
  const fullName = `dune.${namespace}.${table}`;
  let created = false;
  onProgress({ phase: 'preparing', action: null });
  const body = await csvForUpload(
    req.file,
    req.columns.map((c) => c.name),
  );
  for (const action of req.actions) {
    if (action !== 'insert' && action !== 'replace') onProgress({ phase: 'preparing', action });
    if (action === 'delete') await api(path, { ctx, method: 'DELETE', signal });
    if (action === 'clear') await api(`${path}/clear`, { ctx, method: 'POST', signal });
    if (action === 'create') {
      await api('/uploads', {
        ctx,
        method: 'POST',
        signal,
        body: {
          namespace,
          table_name: table,
          schema: req.columns,
          description: req.description || undefined,
          is_private: req.isPrivate,
        },
      });
      created = true;
    }
    if (action !== 'insert' && action !== 'replace') continue;
    try {
      const out = await postCsv({
        ctx,
        namespace,
        table,
        body,
        replace: action === 'replace',
        signal,
        onProgress: (sent, total) => onProgress({ phase: 'sending', sent, total }),
        onSent: () => onProgress({ phase: 'ingesting' }),
      });
      return { fullName, rowsWritten: out.rows_written };
    } catch (err) {
      throw await failure(err, req, created, path);
    }
  }
  return { fullName, rowsWritten: 0 };
}

async function failure(err: unknown, req: UploadRequest, created: boolean, path: string) {
  const status = err instanceof ApiError ? err.status : 0;
  const message = err instanceof Error ? err.message : String(err);
  if (created && req.mode === 'new') {
    try {
      await api(path, { ctx: req.ctx, method: 'DELETE' });
      return new UploadFailure(
        message,
        status,
        'The new table was deleted again: nothing was kept.',
      );
    } catch {
      return new UploadFailure(
        message,
        status,
        `The new table could not be deleted again; it is empty. Delete it from the uploads list.`,
      );
    }
  }
  if (req.actions.includes('clear') || created)
    return new UploadFailure(message, status, 'The table is left without rows.');
  if (req.actions.includes('replace'))
    return new UploadFailure(message, status, 'The table is unchanged: it keeps its rows.');
  return new UploadFailure(message, status, 'The table is unchanged: no row was added.');
}

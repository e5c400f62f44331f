import type { z } from '@hono/zod-openapi';
import type { TableInsertResponse } from '../../../contract/uploads';
import { ApiError, apiUrl, CONTEXT_HEADER } from '../../lib/api';

export type InsertResult = z.output<typeof TableInsertResponse>;

/** The service's upload limit, once a 413 told it ("… limit of N bytes …"); else null. */
let knownLimit: number | null = null;
export const uploadLimit = () => knownLimit;

/** The byte limit a 413 message names, or null. */
export function limitFromMessage(message: string): number | null {
  const m = /limit of (\d+) bytes/.exec(message);
  return m ? Number(m[1]) : null;
}

/**
 * Posts a CSV body to `/uploads/{ns}/{table}/insert` with XMLHttpRequest, whose upload events
 * report progress (fetch has none for request bodies). `onSent` fires when the last byte left,
 * while the service still ingests. Rejects with ApiError carrying the service's message.
 */
export function postCsv(opts: {
  ctx: string;
  namespace: string;
  table: string;
  body: Blob;
  /** Swap the table's rows for these (all or nothing) instead of appending. */
  replace?: boolean;
  onProgress: (sent: number, total: number) => void;
  onSent: () => void;
  signal?: AbortSignal;
}): Promise<InsertResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const path = `/uploads/${encodeURIComponent(opts.namespace)}/${encodeURIComponent(opts.table)}/insert`;
    xhr.open('POST', apiUrl(path, { replace: opts.replace ? 'true' : undefined }));
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.setRequestHeader(CONTEXT_HEADER, opts.ctx);
    xhr.upload.onprogress = (e) => opts.onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.upload.onload = () => opts.onSent();
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as InsertResult);
      const error = (body as { error?: unknown } | undefined)?.error;
      const message = typeof error === 'string' ? error : `${xhr.status} ${xhr.statusText}`;
      if (xhr.status === 413) knownLimit = limitFromMessage(message) ?? knownLimit;
      reject(new ApiError(xhr.status, message));
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'The upload was interrupted: the service could not be reached.'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(opts.body);
  });
}

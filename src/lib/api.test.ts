import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, apiQueryFn, ApiError, errorMessage, nullIfNotFound } from './api';

afterEach(() => vi.unstubAllGlobals());

describe('apiQueryFn', () => {
  it('calls the path in the context with the query, cancelled with the query', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ ok: 1 })));
    vi.stubGlobal('fetch', fetch);
    const signal = new AbortController().signal;
    const read = apiQueryFn<{ ok: number }>('/things', { ctx: 'acme', query: { limit: 5 } });
    await expect(read({ signal })).resolves.toEqual({ ok: 1 });
    expect(fetch).toHaveBeenCalledWith(
      '/api/v1/things?limit=5',
      expect.objectContaining({
        method: 'GET',
        headers: { 'x-strata-context': 'acme' },
        signal,
      }),
    );
  });
});

describe('api', () => {
  it('reads result values a double cannot hold as their digits, the rest as JSON.parse does', async () => {
    const body =
      '{"result":{"rows":[{"u":18446744073709551615,"b":9223372036854775807,"dec":12345678901234567890.123,' +
      '"big":"123456789012345678901234567890","n":42,"x":0.30000000000000004}]}}';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(body)),
    );
    await expect(api('/execution/x/results')).resolves.toEqual({
      result: {
        rows: [
          {
            u: '18446744073709551615',
            b: '9223372036854775807',
            dec: '12345678901234567890.123',
            big: '123456789012345678901234567890',
            n: 42,
            x: 0.30000000000000004,
          },
        ],
      },
    });
  });
});

describe('nullIfNotFound', () => {
  it('passes the answer through', async () => {
    await expect(nullIfNotFound(Promise.resolve({ id: 1 }))).resolves.toEqual({ id: 1 });
  });

  it('reads a 404 as none', async () => {
    await expect(nullIfNotFound(Promise.reject(new ApiError(404, 'no')))).resolves.toBeNull();
  });

  it('throws other failures on', async () => {
    const err = new ApiError(500, 'down');
    await expect(nullIfNotFound(Promise.reject(err))).rejects.toBe(err);
    await expect(nullIfNotFound(Promise.reject(new Error('x')))).rejects.toThrow('x');
  });
});

describe('errorMessage', () => {
  it('reads the message of an error or of anything that has one', () => {
    expect(errorMessage(new ApiError(409, 'taken'))).toBe('taken');
    expect(errorMessage({ message: 'plain' })).toBe('plain');
  });

  it('falls back to the text of the value', () => {
    expect(errorMessage('boom')).toBe('boom');
    expect(errorMessage(42)).toBe('42');
  });
});

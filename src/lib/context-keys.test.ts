import { QueryClient, QueryObserver, queryOptions } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ctxKey, keepPreviousInContext } from './context-keys';

describe('keepPreviousInContext', () => {
  const keep = keepPreviousInContext('alice');
  it('keeps the previous data of the same context', () => {
    expect(keep(['row'], { queryKey: [...ctxKey('alice'), 'list', 2] })).toEqual(['row']);
  });
  it('drops the data of another context, or of no query', () => {
    expect(keep(['row'], { queryKey: [...ctxKey('team'), 'list', 1] })).toBeUndefined();
    expect(keep(['row'], undefined)).toBeUndefined();
  });

  it('shows the last page while the next loads, and nothing after a context switch', async () => {
    const qc = new QueryClient();
    const list = (ctx: string, page: number) =>
      queryOptions({
        queryKey: [...ctxKey(ctx), 'list', page] as const,
        queryFn: () =>
          new Promise<string>((resolve) => setTimeout(() => resolve(`${ctx} ${page}`), 5)),
        placeholderData: keepPreviousInContext(ctx),
      });
    const observer = new QueryObserver(qc, list('alice', 1));
    const seen: (string | undefined)[] = [];
    const stop = observer.subscribe((r) => seen.push(r.data));
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('alice 1'));
    observer.setOptions(list('alice', 2));
    expect(observer.getCurrentResult()).toMatchObject({ data: 'alice 1', isPlaceholderData: true });
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe('alice 2'));
    observer.setOptions(list('team', 1));
    expect(observer.getCurrentResult().data).toBeUndefined();
    stop();
    qc.clear();
  });
});

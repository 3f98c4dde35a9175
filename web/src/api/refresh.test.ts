// An answer asked for before a change and arriving after it must not be kept as current
// (api/refresh.ts), whether or not anything on screen is watching it.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterChange } from './refresh';

const key = ['timelines'];

/** The server's list: 'before' the join, 'after' it. The first request's answer is held until `release`. */
function server() {
  let state = 'before';
  let release = () => {};
  let requests = 0;
  const queryFn = () => {
    requests += 1;
    const answer = state;
    if (requests > 1) return Promise.resolve(answer);
    return new Promise<string>((resolve) => {
      release = () => resolve(answer);
    });
  };
  return { queryFn, change: () => (state = 'after'), release: () => release(), requests: () => requests };
}

const client = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

describe('refreshAfterChange', () => {
  it('drops a first answer that nobody watches, asked before the change and arriving after it', async () => {
    const queries = client();
    const list = server();
    void queries.prefetchQuery({ queryKey: key, queryFn: list.queryFn });
    list.change();
    await refreshAfterChange(queries, { queryKey: key });
    list.release();
    // What a screen mounted now is given: asked again, not the answer from before the change.
    expect(await queries.fetchQuery({ queryKey: key, queryFn: list.queryFn })).toBe('after');
    expect(list.requests()).toBe(2);
  });

  it('asks again for a list on screen whose first answer is still on its way', async () => {
    const queries = client();
    const list = server();
    const observer = new QueryObserver(queries, { queryKey: key, queryFn: list.queryFn });
    const seen: (string | undefined)[] = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    list.change();
    await refreshAfterChange(queries, { queryKey: key });
    list.release();
    await Promise.resolve();
    expect(observer.getCurrentResult().data).toBe('after');
    expect(seen).not.toContain('before');
    unsubscribe();
  });
});

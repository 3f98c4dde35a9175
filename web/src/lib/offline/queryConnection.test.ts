// @vitest-environment jsdom
// A page opened with no connection asks again, once it returns, for what failed meanwhile
// (queryConnection.ts): TanStack Query alone would think it had been online all along.
import { onlineManager, QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { followBrowserConnection } from './queryConnection';

let online = false;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

afterEach(() => {
  online = true;
  window.dispatchEvent(new Event('online'));
});

describe('the queries follow the browser connection', () => {
  it('a query that failed on a page opened offline is asked again when the connection returns; one that answered is not', async () => {
    online = false;
    followBrowserConnection();
    expect(onlineManager.isOnline()).toBe(false);
    // main.tsx's defaults.
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity, networkMode: 'offlineFirst' } } });
    // As QueryClientProvider does: the client then hears the connection come and go.
    client.mount();
    let prompts = 0;
    let user = 0;
    const failing = new QueryObserver(client, {
      queryKey: ['prompts'],
      queryFn: async () => {
        prompts += 1;
        if (!online) throw new Error('This has not been seen on this device yet');
        return 'today';
      },
    });
    const answered = new QueryObserver(client, { queryKey: ['user'], queryFn: async () => ++user });
    const stopFailing = failing.subscribe(() => undefined);
    const stopAnswered = answered.subscribe(() => undefined);
    await expect.poll(() => failing.getCurrentResult().status).toBe('error');
    await expect.poll(() => answered.getCurrentResult().status).toBe('success');

    online = true;
    window.dispatchEvent(new Event('online'));
    await expect.poll(() => failing.getCurrentResult().data).toBe('today');
    expect(prompts).toBe(2);
    expect(user).toBe(1);
    stopFailing();
    stopAnswered();
    client.unmount();
    client.clear();
  });
});

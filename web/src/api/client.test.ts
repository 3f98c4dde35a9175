// api/client.ts: every call goes through one fetch, so a page of a list (its items in the body,
// the next page's cursor in NEXT_CURSOR_HEADER, common/pages.ts) is refused and said offline in
// the same words as any other request (accounts §7, issue 26).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../common/messages';
import { NEXT_CURSOR_HEADER } from '../../../common/pages';
import { request, requestPage } from './client';
import { ApiError, OfflineError } from './errors';

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('requestPage', () => {
  it('reads the items from the body and the next cursor from the header, with credentials', async () => {
    const fetch = vi.fn().mockResolvedValue(json([{ id: 'm1' }, { id: 'm2' }], { [NEXT_CURSOR_HEADER]: 'after-m2' }));
    vi.stubGlobal('fetch', fetch);
    expect(await requestPage<{ id: string }>('/api/memories/search?q=la&limit=2')).toEqual({ items: [{ id: 'm1' }, { id: 'm2' }], nextCursor: 'after-m2' });
    expect(fetch).toHaveBeenCalledWith('/api/memories/search?q=la&limit=2', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it('gives no next cursor on the last page, where the header is absent', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(json([{ id: 'm3' }])));
    expect(await requestPage('/api/memories/search?q=la&limit=2')).toEqual({ items: [{ id: 'm3' }], nextCursor: null });
  });

  it("refuses as request does: '{status}: {response text}'", async () => {
    const refusal = () => new Response('{"message":"cursor is not one this list gave"}', { status: 400, statusText: 'Bad Request' });
    vi.stubGlobal('fetch', vi.fn().mockImplementation(async () => refusal()));
    const fromPage = await requestPage('/api/memories/search?cursor=x').catch((error: unknown) => error);
    const fromRequest = await request('GET', '/api/memories/search?cursor=x').catch((error: unknown) => error);
    expect(fromPage).toBeInstanceOf(ApiError);
    expect(fromPage).toMatchObject({ status: 400, message: '400: {"message":"cursor is not one this list gave"}' });
    expect((fromPage as ApiError).message).toBe((fromRequest as ApiError).message);
  });

  it("says offline in words, not 'Failed to fetch' (issue 26)", async () => {
    vi.stubGlobal('navigator', { onLine: false });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const error = await requestPage('/api/memories/search?q=la').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OfflineError);
    expect((error as Error).message).toBe(messages.offlineNotAvailable);
  });
});

describe('request', () => {
  it('answers JSON as JSON, other text as text and 204 as nothing', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json({ ok: true })).mockResolvedValueOnce(new Response('plain words')).mockResolvedValueOnce(new Response(null, { status: 204 })));
    expect(await request('GET', '/api/a')).toEqual({ ok: true });
    expect(await request('GET', '/api/b')).toBe('plain words');
    expect(await request('DELETE', '/api/c')).toBeUndefined();
  });

  it('sends a body as JSON with its content type, and a change made offline says it was not done', async () => {
    const fetch = vi.fn().mockResolvedValue(json({ id: 't1' }));
    vi.stubGlobal('fetch', fetch);
    await request('POST', '/api/timelines', { name: 'Family' });
    expect(fetch).toHaveBeenCalledWith('/api/timelines', expect.objectContaining({ body: '{"name":"Family"}', headers: { 'Content-Type': 'application/json' } }));

    vi.stubGlobal('navigator', { onLine: false });
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(request('POST', '/api/timelines', { name: 'Family' })).rejects.toThrow(messages.offlineNotDone);
  });
});

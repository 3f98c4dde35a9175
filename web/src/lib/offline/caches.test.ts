import { describe, expect, it } from 'vitest';
import { TIMELINE_PAGE_SIZE } from '../../../../common/limits';
import type { PageData } from '../../../../common/page-data';
import { signedInHtml } from '../../../../server/http/web';
import { isKeptApiRead, isKeptMediaRequest, isKeptMediaResponse, KEPT_API_STATUSES, offlinePageFor, pageDataAnswers, readPageData } from './caches';

const origin = 'https://heirloom.example';
const at = (path: string) => new URL(path, origin);

describe('what the service worker keeps for offline use (issue 26)', () => {
  it.each(['/api/auth/user', '/api/timelines', '/api/timelines/t1/memories?limit=20', '/api/memories/spotlight', '/api/memories/m1/comments', '/api/notifications/unread-count', '/api/archives', '/api/books/b1'])(
    'keeps the answer of GET %s',
    (path) => expect(isKeptApiRead('GET', at(path), origin)).toBe(true),
  );

  it.each([
    ['the storyteller’s link', '/api/tell/abc'],
    ['the listener’s link', '/api/listen/abc/recordings/1'],
    ['sign-out', '/api/logout'],
    ['sign-in', '/api/login'],
    ['the sign-in provider’s return', '/api/auth/oidc/callback?code=x'],
    ['an archive’s file', '/api/archives/a1/file'],
    ['a book’s file', '/api/books/b1/file'],
    ['a bulk download', '/api/bulk-download/archive?start=2020-01-01'],
    ['the months’ list of a bulk download', '/api/bulk-download/memories?start=2020-01-01&end=2020-02-01'],
    ['a memory’s export', '/api/memories/m1/export?tz=UTC'],
    ['the download proxy', '/api/download-proxy?url=x'],
    ['the API document', '/api/docs'],
  ])('never keeps %s (%s)', (_what, path) => expect(isKeptApiRead('GET', at(path), origin)).toBe(false));

  it('keeps reads only: no write, nothing from another origin, nothing outside /api', () => {
    expect(isKeptApiRead('POST', at('/api/memories'), origin)).toBe(false);
    expect(isKeptApiRead('GET', new URL('/api/timelines', 'https://elsewhere.example'), origin)).toBe(false);
    expect(isKeptApiRead('GET', at('/healthz'), origin)).toBe(false);
  });

  it('keeps whole answers only: 200 and the spotlight’s 204, never a refusal, a redirect or a part', () => {
    expect(KEPT_API_STATUSES).toEqual([200, 204]);
    for (const status of [206, 301, 302, 304, 401, 403, 404, 500]) expect(KEPT_API_STATUSES).not.toContain(status);
  });

  it('keeps last-seen photos, never a streamed video or recording', () => {
    expect(isKeptMediaRequest('GET', at('/uploads/images/a.webp'), origin, null)).toBe(true);
    expect(isKeptMediaRequest('GET', at('/uploads/videos/a.mp4'), origin, 'bytes=0-')).toBe(false);
    expect(isKeptMediaRequest('GET', at('/api/uploads'), origin, null)).toBe(false);
    expect(isKeptMediaResponse(200, 'image/webp')).toBe(true);
    expect(isKeptMediaResponse(200, 'IMAGE/JPEG')).toBe(true);
    expect(isKeptMediaResponse(206, 'image/webp')).toBe(false);
    expect(isKeptMediaResponse(200, 'video/mp4')).toBe(false);
    expect(isKeptMediaResponse(200, 'audio/webm')).toBe(false);
    expect(isKeptMediaResponse(200, null)).toBe(false);
  });

  it('falls back to the storyteller’s page on /tell/*, the app’s shell on its pages, nothing on the server’s own', () => {
    expect(offlinePageFor('/tell/abc')).toBe('tell.html');
    for (const path of ['/', '/timeline', '/timeline/t1', '/profile', '/login', '/invite/x']) expect(offlinePageFor(path)).toBe('index.html');
    for (const path of ['/api/logout', '/uploads/a.webp', '/listen/abc', '/mail/unsubscribe/x', '/healthz']) expect(offlinePageFor(path)).toBeNull();
  });
});

describe('the answers written into a signed-in page (issue 8) are kept under the addresses the app asks', () => {
  const data = {
    user: { id: 'u1' },
    timelines: [{ id: 't/1' }],
    timelinePage: { timelineId: 't/1', page: { memories: [], nextCursor: null } },
    spotlight: { memory: null },
    config: { feedbackUrl: '', transcriptionAvailable: false },
  } as unknown as PageData;

  it('reads them back from the page the server writes, even with a `</script>` in a title', () => {
    const withTitle = { ...data, timelines: [{ id: 't/1', name: '</script><b>' }] } as unknown as PageData;
    const html = signedInHtml('<html><head>\n  </head><body></body></html>', withTitle, []);
    expect(readPageData(html, 'page-data')).toEqual(withTitle);
    expect(readPageData('<html></html>', 'page-data')).toBeNull();
  });

  it("names the current user, the timelines, the first page of the timeline, the spotlight (null: its 204) and the server's settings", () => {
    expect(pageDataAnswers(data)).toEqual([
      { path: '/api/auth/user', body: data.user },
      { path: '/api/timelines', body: data.timelines },
      { path: `/api/timelines/t%2F1/memories?limit=${TIMELINE_PAGE_SIZE}`, body: data.timelinePage!.page },
      { path: '/api/memories/spotlight', body: null },
      { path: '/api/config', body: data.config },
    ]);
  });
});

// What the service worker (web/src/sw/sw.ts) keeps for offline use, and what it never keeps
// (issue 26 "Offline"). Pure rules on URLs and headers, shared by the worker, the page's
// clearOfflineData() and their tests, so the list of what may sit on a device is read in one place.
import type { PageData } from '../../../../common/page-data';
import { TIMELINE_PAGE_SIZE } from '../../../../common/limits';

/** The last answers of GET /api/* reads, per device; emptied at sign-out and when someone else signs in. */
export const API_CACHE = 'heirloom-api';
/** The last-seen photos of /uploads/*, bounded (common/limits.ts OFFLINE_MEDIA_*); emptied with the API cache. */
export const MEDIA_CACHE = 'heirloom-media';
/** The caches that hold a person's own data: what clearOfflineData() deletes. */
export const PERSONAL_CACHES = [API_CACHE, MEDIA_CACHE] as const;

/**
 * API reads that never go in the cache: the storyteller's and the listener's link pages (the
 * link is the credential, and a shared phone must not keep another family's story), the sign-in
 * and sign-out navigations, the files and downloads (large, one-off, and each a copy of a whole
 * archive), and the API document.
 */
const NEVER_KEPT = [
  /^\/api\/tell(\/|$)/,
  /^\/api\/listen(\/|$)/,
  /^\/api\/(login|logout)(\/|$)/,
  /^\/api\/auth\/oidc(\/|$)/,
  /^\/api\/archives\/[^/]+\/file$/,
  /^\/api\/books\/[^/]+\/file$/,
  /^\/api\/bulk-download(\/|$)/,
  /^\/api\/memories\/[^/]+\/export$/,
  /^\/api\/download-proxy(\/|$)/,
  /^\/api\/docs(\/|$)/,
];

/** A same-origin GET of the API whose answer may be kept for offline reading. */
export function isKeptApiRead(method: string, url: URL, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin || !url.pathname.startsWith('/api/')) return false;
  return !NEVER_KEPT.some((rule) => rule.test(url.pathname));
}

/**
 * Only whole successful answers are kept: 200, and 204 (GET /api/memories/spotlight's "none",
 * itself an answer to show offline). Never a refusal, a redirect or a partial answer.
 */
export const KEPT_API_STATUSES = [200, 204];

/**
 * A photo of /uploads/* worth keeping: a whole image. A request with a Range header is a video
 * or a recording being streamed (206 answers, megabytes each): those are played online only.
 */
export function isKeptMediaRequest(method: string, url: URL, origin: string, range: string | null): boolean {
  return method === 'GET' && url.origin === origin && url.pathname.startsWith('/uploads/') && range === null;
}

/** The answer of a kept media request goes in the cache only when it is a whole image. */
export function isKeptMediaResponse(status: number, contentType: string | null): boolean {
  return status === 200 && (contentType ?? '').toLowerCase().startsWith('image/');
}

/**
 * The precached page a navigation falls back to with no connection: the storyteller's page
 * for /tell/*, the app's shell for the app's own paths, none for what only the server can
 * answer (the API, files, the listener's and the mail's pages, health).
 */
export function offlinePageFor(pathname: string): 'index.html' | 'tell.html' | null {
  if (/^\/tell(\/|$)/.test(pathname)) return 'tell.html';
  if (/^\/(api|uploads|listen|mail|healthz)(\/|$)/.test(pathname)) return null;
  return 'index.html';
}

/**
 * Issue 8 "First load" writes the first screen's answers into a signed-in page (common/page-data.ts),
 * so the app never asks for them, and they would never reach the cache: the worker reads them
 * from the page as it passes and keeps each under the address the app would have asked.
 * The addresses are the web's own (web/src/api/endpoints.ts).
 */
export function pageDataAnswers(data: PageData): { path: string; body: unknown }[] {
  const answers: { path: string; body: unknown }[] = [
    { path: '/api/auth/user', body: data.user },
    { path: '/api/timelines', body: data.timelines },
  ];
  if (data.timelinePage) {
    const query = new URLSearchParams({ limit: String(TIMELINE_PAGE_SIZE) });
    answers.push({ path: `/api/timelines/${encodeURIComponent(data.timelinePage.timelineId)}/memories?${query}`, body: data.timelinePage.page });
  }
  // null: the server's 204 for "no memory to show".
  if (data.spotlight) answers.push({ path: '/api/memories/spotlight', body: data.spotlight.memory });
  answers.push({ path: '/api/config', body: data.config });
  return answers;
}

/** The page data of a signed-in page's HTML (server/http/web.ts signedInHtml), or null. */
export function readPageData(html: string, elementId: string): PageData | null {
  const start = html.indexOf(`<script type="application/json" id="${elementId}">`);
  if (start < 0) return null;
  const from = html.indexOf('>', start) + 1;
  const end = html.indexOf('</script>', from);
  if (end < 0) return null;
  try {
    return JSON.parse(html.slice(from, end)) as PageData;
  } catch {
    return null;
  }
}

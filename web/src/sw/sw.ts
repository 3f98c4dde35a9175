// The installed app's service worker (issue 26 "Offline"; DESIGN "Offline and installable").
// Built by vite-plugin-pwa (vite.config.ts, injectManifest) to /sw.js, which names the built
// shell in self.__WB_MANIFEST. What it keeps and never keeps is decided in lib/offline/caches.ts.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import type { WorkboxPlugin } from 'workbox-core/types';
import { OFFLINE_MEDIA_MAX_AGE_SECONDS, OFFLINE_MEDIA_MAX_ENTRIES, OFFLINE_NETWORK_TIMEOUT_SECONDS } from '../../../common/limits';
import { PAGE_DATA_ELEMENT_ID } from '../../../common/page-data';
import {
  API_CACHE,
  isKeptApiRead,
  isKeptMediaRequest,
  isKeptMediaResponse,
  KEPT_API_STATUSES,
  MEDIA_CACHE,
  offlinePageFor,
  pageDataAnswers,
  PERSONAL_CACHES,
  readPageData,
} from '../lib/offline/caches';
import { sendOutboxFromWorker } from '../api/worker-outbox';
import { OUTBOX_SEND_MESSAGE, OUTBOX_SYNC_TAG, SKIP_WAITING_MESSAGE } from '../lib/offline/messages';

/**
 * The little of the worker's global scope used here: the project's TypeScript program has the
 * DOM's lib, and the worker's lib cannot join it (each redeclares the other's globals).
 */
interface WorkerScope {
  readonly location: Location;
  readonly __WB_MANIFEST: (string | { url: string; revision: string | null })[];
  readonly clients: { matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<{ postMessage(message: unknown): void }[]> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'activate', listener: (event: Event & { waitUntil(promise: Promise<unknown>): void }) => void): void;
}
/** Background Sync's event (Chromium). */
interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(promise: Promise<unknown>): void;
}
declare const self: WorkerScope;

// A new worker waits until the page says "use it now" (the update notice) or every window has
// closed, so a page never runs on files its worker no longer has. The first one takes the
// open pages at once, so what they read from now on is kept.
clientsClaim();
cleanupOutdatedCaches();

// The page that installed this worker was drawn before it was in charge, from answers written
// into the page (issue 8) that no call asked for: the worker asks for home's page once itself, so
// the first visit is enough for the app to open offline. Signed out, that page carries none.
self.addEventListener('activate', (event) => {
  event.waitUntil(
    fetch('/', { credentials: 'same-origin', headers: { Accept: 'text/html' } })
      .then((page) => (page.ok ? keepPageData(page) : undefined))
      .catch(() => {}),
  );
});

// ---- Navigations: the network first, the precached page when there is none or it is too slow.
// Registered before the precache's route, so `/` is never answered by the precached index.html
// while the server can write the signed-in page (its answers written in: server/http/web.ts).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && (url.pathname === '/api/logout' || offlinePageFor(url.pathname) !== null),
  async ({ request, url, event }) => {
    // Sign-out leaves nothing of this person's for the next one (the page clears too: lib/offline).
    if (url.pathname === '/api/logout') {
      await clearPersonalCaches();
      return fetch(request);
    }
    const fallback = offlinePageFor(url.pathname)!;
    try {
      const response = await withTimeout(fetch(request), OFFLINE_NETWORK_TIMEOUT_SECONDS * 1000);
      // The signed-in page is `private, no-store` and never kept; the answers written into it are.
      if (response.ok && fallback === 'index.html') event.waitUntil(keepPageData(response.clone()));
      return response;
    } catch {
      return (await matchPrecache(fallback)) ?? Response.error();
    }
  },
);

// ---- The built shell: index.html, tell.html, scripts, styles, fonts, icons (vite.config.ts chooses).
// directoryIndex '' (none): `/` is a navigation above, never the precached index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });

// ---- API reads: the last answer, so the signed-in app opens with no connection.
const keepOnly = (kept: (response: Response) => boolean): WorkboxPlugin => ({
  cacheWillUpdate: async ({ response }) => (kept(response) ? response : null),
});
registerRoute(
  ({ request, url }) => isKeptApiRead(request.method, url, self.location.origin),
  new NetworkFirst({
    cacheName: API_CACHE,
    networkTimeoutSeconds: OFFLINE_NETWORK_TIMEOUT_SECONDS,
    // Cookie is the only Vary that differs between people, and the cache is emptied when the person changes.
    matchOptions: { ignoreVary: true },
    plugins: [keepOnly((response) => KEPT_API_STATUSES.includes(response.status))],
  }),
);

// ---- Photos: the last-seen ones, bounded; never videos or recordings (Range, 206, not image/*).
registerRoute(
  ({ request, url }) => isKeptMediaRequest(request.method, url, self.location.origin, request.headers.get('range')),
  new NetworkFirst({
    cacheName: MEDIA_CACHE,
    networkTimeoutSeconds: OFFLINE_NETWORK_TIMEOUT_SECONDS,
    matchOptions: { ignoreVary: true },
    plugins: [
      keepOnly((response) => isKeptMediaResponse(response.status, response.headers.get('content-type'))),
      new ExpirationPlugin({ maxEntries: OFFLINE_MEDIA_MAX_ENTRIES, maxAgeSeconds: OFFLINE_MEDIA_MAX_AGE_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// ---- Background Sync (Chromium): an open page sends, with its progress on screen; with none
// open, the worker sends what this session may (api/worker-outbox.ts). Still waiting after that,
// the event fails, so the browser fires it again later.
self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      for (const client of windows) client.postMessage({ type: OUTBOX_SEND_MESSAGE });
      if (windows.length > 0) return;
      if (await sendOutboxFromWorker()) throw new Error('Something still waits to be sent');
    }),
  );
});

// ---- "A new version is ready" → "Use it now" (lib/offline/updates.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

async function clearPersonalCaches(): Promise<void> {
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name)));
}

/** The answers written into a signed-in page, kept as if the app had asked for them. */
async function keepPageData(page: Response): Promise<void> {
  if (!(page.headers.get('content-type') ?? '').includes('text/html')) return;
  const data = readPageData(await page.text(), PAGE_DATA_ELEMENT_ID);
  if (!data) return;
  const cache = await caches.open(API_CACHE);
  await Promise.all(
    pageDataAnswers(data).map(({ path, body }) =>
      cache.put(
        new URL(path, self.location.origin).href,
        body === null ? new Response(null, { status: 204 }) : new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json; charset=utf-8' } }),
      ),
    ),
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

// Registers the service worker (web/src/sw/sw.ts, built to /sw.js) in a production build.
// main.tsx imports this after the first render, when the browser is idle, so neither it nor
// workbox-window is in the first screen's scripts (bench/README "Lighthouse", the JS budgets),
// and the worker's download of the shell does not compete with the first paint.
import { Workbox } from 'workbox-window';
import { SKIP_WAITING_MESSAGE } from './messages';
import { offerNewVersion } from './updates';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js');
  // A new version waiting (now, or already when the page opened): offer it.
  workbox.addEventListener('waiting', () => {
    offerNewVersion(() => {
      // Reload only once it has taken over, so the page runs on the files the new worker has.
      workbox.addEventListener('controlling', () => window.location.reload());
      void navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting?.postMessage({ type: SKIP_WAITING_MESSAGE }));
    });
  });
  workbox.register().catch((error: unknown) => console.error('The service worker was not registered', error));
}

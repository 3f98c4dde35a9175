// Issue 26 "Works on a bad connection": a part of the app loaded the first time it is needed (a
// page, a dialog, the spotlight's card) whose code does not arrive is asked for again, as soon
// as the connection returns or, while the browser believes it is online (a weak signal), after a
// pause, until it comes; meanwhile its Suspense fallback shows (a page's "Loading...", nothing
// for a dialog). React.lazy keeps a failed import for good, and a failure rendered with no error
// boundary above it took the whole app down to a blank page. The service worker keeps every part
// on the device, so with it in place nothing here ever waits; without it (a LAN address over
// http), or before it has installed, a dropped signal only delays the part.
import { lazy, type ComponentType } from 'react';
import { CODE_RETRY_MS } from '../../../common/limits';

function connectionBack(): Promise<void> {
  return new Promise((resolve) => {
    if (navigator.onLine) setTimeout(resolve, CODE_RETRY_MS);
    else window.addEventListener('online', () => resolve(), { once: true });
  });
}

/** `load`, asked again each time it fails until it succeeds. */
export async function loadUntilLoaded<T>(load: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await load();
    } catch (error) {
      console.error('A part of the app could not be loaded; asking again once the connection allows', error);
      await connectionBack();
    }
  }
}

/** React.lazy for the component `load` gives, its import asked again until it comes. */
export function lazyLoaded<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(() => loadUntilLoaded(load).then((component) => ({ default: component })));
}

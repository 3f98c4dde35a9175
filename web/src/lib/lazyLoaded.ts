// Issue 26 "Works on a bad connection": a part of the app loaded the first time it is needed (a
// page, a dialog, the spotlight's card) whose code does not arrive is asked for again, as soon
// as the connection returns or, while the browser believes it is online (a weak signal), after a
// pause, until it comes; meanwhile its Suspense fallback shows (a page's "Loading...", nothing
// for a dialog). React.lazy keeps a failed import for good, and a failure rendered with no error
// boundary above it took the whole app down to a blank page. The service worker keeps every part
// on the device, so with it in place nothing here ever waits; without it (a LAN address over
// http), or before it has installed, a dropped signal only delays the part.
import { createElement, lazy, useEffect, useState, type ComponentType } from 'react';
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

/**
 * A part of the app loaded the first time it is needed (a page, a dialog, the spotlight's card),
 * which can also be loaded ahead: `preload()` before the first render (main.tsx), or while the
 * browser is idle. A part whose code is already here when it mounts renders at once. Through
 * React.lazy alone it would suspend once however soon the code came, and React holds what
 * follows a shown fallback for 300 ms: the page, the card or the tooltip would wait behind it.
 */
export type LazyPart<P extends object> = ComponentType<P> & {
  /** Fetches the part's code, once; it does not ask again when that fails (the part itself does, once mounted). */
  preload: () => Promise<void>;
  /** Whether the code is here, so the part renders at once. */
  isLoaded: () => boolean;
};

/** React.lazy for the component `load` gives, its import asked again until it comes, and skipped once the code is here. */
export function lazyLoaded<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | null = null;
  const keep = (component: ComponentType<P>) => (loaded = component);
  const Lazy = lazy(() => loadUntilLoaded(load).then((component) => ({ default: keep(component) }))) as unknown as ComponentType<P>;
  // Lazy never commits before its code is kept (its promise resolves through keep), so a part
  // never switches from one type to the other once on screen, which would remount it.
  const Part = (props: P) => createElement(loaded ?? Lazy, props);
  Part.preload = () => load().then((component) => void keep(component));
  Part.isLoaded = () => loaded !== null;
  return Part;
}

/**
 * True once `part`'s code is here, fetched from the first time `wanted` is true. A part shown
 * only from then (a dialog as it opens) appears as soon as its code comes, with no fallback for
 * React to hold. Should the fetch fail it answers true all the same: the part mounts and asks
 * again itself, its fallback showing meanwhile.
 */
export function usePartReady(part: Pick<LazyPart<object>, 'preload' | 'isLoaded'>, wanted: boolean): boolean {
  const [ready, setReady] = useState(part.isLoaded);
  useEffect(() => {
    if (!wanted || ready) return;
    let live = true;
    const done = () => {
      if (live) setReady(true);
    };
    part.preload().then(done, done);
    return () => {
      live = false;
    };
  }, [part, wanted, ready]);
  return ready;
}

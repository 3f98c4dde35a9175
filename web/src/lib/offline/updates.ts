// "A new version is ready" (issue 26 "Update"): register.ts says when a new service worker waits,
// the shell's notice offers it. Without the button the new version arrives on the next open by
// itself (the waiting worker takes over once every window of the app has closed).
import { useSyncExternalStore } from 'react';

let takeOver: (() => void) | null = null;
const listeners = new Set<() => void>();

/** register.ts: a new version waits; `useNow` asks it to take over, and the page reloads when it has. */
export function offerNewVersion(useNow: () => void): void {
  takeOver = useNow;
  listeners.forEach((listener) => listener());
}

/** The notice's button: the waiting version takes over, and the page reloads onto it. */
export function takeNewVersion(): void {
  takeOver?.();
}

export function useNewVersionReady(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => takeOver !== null,
    () => false,
  );
}

// Whether the browser believes it is online (issue 26 "Offline said plainly"). `navigator.onLine`
// false is certain (no network at all); true may still be a weak signal, which the service
// worker's timeouts cover (common/limits.ts OFFLINE_NETWORK_TIMEOUT_SECONDS).
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

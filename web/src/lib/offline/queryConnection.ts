// TanStack Query's idea of the connection, taken from the browser's. Its onlineManager assumes
// a connection until an `offline` event, and a page opened with none (the service worker's
// copy, issue 26) never hears one: the `online` that follows changed nothing for it, so what
// failed meanwhile (today's prompts, the unread count) was never asked for again. Starting
// from `navigator.onLine`, the connection's return is a change, and the queries that failed
// for want of it are asked again (refetchOnReconnect; data already held stays as it is).
import { onlineManager } from '@tanstack/react-query';

export function followBrowserConnection(): void {
  onlineManager.setEventListener((setOnline) => {
    setOnline(navigator.onLine);
    const online = () => setOnline(true);
    const offline = () => setOnline(false);
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
    };
  });
}

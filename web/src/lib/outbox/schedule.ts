// When the outbox sends (issue 26), with no tap: as the app opens, when the connection comes
// back (`online`), when the page is shown again, when the service worker's Background Sync
// fires (Chromium, even after the tab was closed and opened again), and after the pause a
// failed attempt set. Background Sync alone would not do: Safari and Firefox have none
// (STACK-NOTES "PWA").
import { OUTBOX_SEND_MESSAGE, OUTBOX_SYNC_TAG } from '../offline/messages';
import { onOutboxEvent, outboxOf } from './store';
import { isNearlyFull } from './entry';
import { sendOutbox, type SendOptions } from './send';

interface SyncManager {
  register(tag: string): Promise<void>;
}

/** Asks the browser to wake the app when it is online again, where it can (Background Sync). */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No service worker, or sync refused (private windows): the other moments still send.
  }
}

/** Asks once that the browser keep the app's storage, so waiting memories are not evicted. */
export async function askToKeepStorage(): Promise<boolean> {
  try {
    if (!navigator.storage?.persist) return false;
    return (await navigator.storage.persisted()) || (await navigator.storage.persist());
  } catch {
    return false;
  }
}

/**
 * Sends `owner`'s outbox at every moment above until the answer is called. A failed attempt's
 * pause is honoured by a timer to the earliest entry due; a change to the outbox (an entry kept
 * in this tab or another) sends at once.
 */
export function startOutbox(owner: string, options: SendOptions = {}): () => void {
  let stopped = false;
  let running = false;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const now = options.now ?? Date.now;

  const run = async (): Promise<void> => {
    if (stopped) return;
    // A moment that comes during a run is taken once the run ends (an entry kept meanwhile).
    if (running) {
      again = true;
      return;
    }
    running = true;
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      await sendOutbox(owner, options);
      const waiting = (await outboxOf(owner)).filter((entry) => entry.state === 'waiting');
      if (waiting.length > 0) void requestBackgroundSync();
      const next = Math.min(...waiting.map((entry) => entry.nextAttemptAt));
      if (!stopped && Number.isFinite(next)) timer = setTimeout(() => void run(), Math.max(1_000, next - now()));
    } catch (error) {
      console.error('The outbox could not be sent', error);
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      await run();
    }
  };
  const onVisible = () => document.visibilityState === 'visible' && void run();
  const onWorkerMessage = (event: MessageEvent<{ type?: string }>) => event.data?.type === OUTBOX_SEND_MESSAGE && void run();

  const onOnline = () => void run();
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  // Only 'changed' sends: 'progress' and 'sent' come from a send already under way.
  const unsubscribe = onOutboxEvent((event) => event.type === 'changed' && void run());
  void run();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    window.removeEventListener('online', onOnline);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    unsubscribe();
  };
}

/** Whether the device is nearly out of room for what waits (false where the browser cannot tell). */
export async function deviceNearlyFull(outboxBytes: number): Promise<boolean> {
  try {
    if (!navigator.storage?.estimate) return false;
    return isNearlyFull(await navigator.storage.estimate(), outboxBytes);
  } catch {
    return false;
  }
}

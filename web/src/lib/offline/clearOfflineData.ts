// Nobody's data stays on a device for the next person (issue 26 "Offline"): the service worker's
// kept answers and photos (caches.ts PERSONAL_CACHES) go at sign-out, and when someone else is
// signed in than the person they were kept for (a session ended elsewhere, another sign-in).
// The outbox keeps its entries per person itself (lib/outbox).
import { useEffect } from 'react';
import { PERSONAL_CACHES } from './caches';

/** Whose data the caches hold on this device: a user id, kept beside them. */
const KEPT_FOR = 'heirloom.offline.keptFor';

export async function clearOfflineData(): Promise<void> {
  try {
    localStorage.removeItem(KEPT_FOR);
  } catch {
    // Storage refused (a private window): nothing was kept for anyone there either.
  }
  if (!('caches' in window)) return;
  await Promise.all(PERSONAL_CACHES.map((name) => caches.delete(name).catch(() => false)));
}

/**
 * The signed-in shell says who is signed in: another person than the one the caches were kept
 * for empties them first. (Keeping the app's storage from eviction is asked by the outbox, once
 * something waits: features/outbox.)
 */
export function useOfflineDataFor(userId: string): void {
  useEffect(() => {
    let keptFor: string | null = null;
    try {
      keptFor = localStorage.getItem(KEPT_FOR);
    } catch {
      return;
    }
    const start = keptFor !== null && keptFor !== userId ? clearOfflineData() : Promise.resolve();
    void start.then(() => {
      try {
        localStorage.setItem(KEPT_FOR, userId);
      } catch {
        // As above.
      }
    });
  }, [userId]);
}

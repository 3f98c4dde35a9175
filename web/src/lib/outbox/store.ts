// The outbox's IndexedDB (issue 26): one record per waiting create, its files inside it, so
// it survives reloads, closed tabs and a phone's restart. Every change is told to this page's
// listeners and, through a BroadcastChannel, to the app's other tabs, so a memory sent from one
// tab leaves the "Waiting to send" list of all of them.
import { committed, keptConnection, resultOf } from '../indexedDb';
import { bytesOf, type OutboxEntry, type OutboxRequest } from './entry';

const DB_NAME = 'heirloom-outbox';
const DB_VERSION = 1;
const ENTRIES = 'entries';
const BY_OWNER = 'owner';

/** A change anywhere: what the lists read again on, and how a tab hears of a send from another. */
export type OutboxEvent =
  | { type: 'changed' }
  | { type: 'progress'; id: string; percent: number | null }
  | { type: 'sent'; entry: Pick<OutboxEntry, 'id' | 'kind' | 'owner' | 'memoryId' | 'timelineIds'>; resourceId: string | null };

/** The device could not keep it (its storage is full): the caller keeps what it had and says so. */
export class OutboxFullError extends Error {
  constructor(cause: unknown) {
    super('This device has no room left to keep it', { cause });
  }
}

const open = keptConnection(DB_NAME, DB_VERSION, (db) => {
  const store = db.createObjectStore(ENTRIES, { keyPath: 'id' });
  store.createIndex(BY_OWNER, 'owner');
});

const listeners = new Set<(event: OutboxEvent) => void>();
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(DB_NAME);
channel?.addEventListener('message', (message: MessageEvent<OutboxEvent>) => {
  for (const listener of listeners) listener(message.data);
});

/** Tells this page and the others. */
export function announce(event: OutboxEvent): void {
  for (const listener of listeners) listener(event);
  channel?.postMessage(event);
}

export function onOutboxEvent(listener: (event: OutboxEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function newId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

const isQuotaError = (error: unknown) => error instanceof DOMException && (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED');

/**
 * Keeps a create to be sent. Once this resolves it is on the device; the caller may then let
 * go of its own copy (the wizard's draft). Rejects with OutboxFullError when the device is full.
 */
export async function keepInOutbox(request: OutboxRequest, now = Date.now()): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    ...request,
    id: newId(),
    createdAt: now,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
    lastStatus: null,
    lastMessage: null,
    bytes: bytesOf(request),
  };
  try {
    const db = await open();
    const transaction = db.transaction(ENTRIES, 'readwrite');
    transaction.objectStore(ENTRIES).add(entry);
    await committed(transaction);
  } catch (error) {
    throw isQuotaError(error) ? new OutboxFullError(error) : error;
  }
  announce({ type: 'changed' });
  return entry;
}

/** One person's waiting creates, oldest first. */
export async function outboxOf(owner: string): Promise<OutboxEntry[]> {
  const db = await open();
  const transaction = db.transaction(ENTRIES, 'readonly');
  const entries = (await resultOf(transaction.objectStore(ENTRIES).index(BY_OWNER).getAll(owner))) as OutboxEntry[];
  return entries.sort((a, b) => a.createdAt - b.createdAt);
}

/** Everyone with something waiting on this device (the service worker sends for those it may). */
export async function outboxOwners(): Promise<string[]> {
  const db = await open();
  const index = db.transaction(ENTRIES, 'readonly').objectStore(ENTRIES).index(BY_OWNER);
  // Each owner once, from the index's keys alone: no entry (nor its files) is read.
  const cursor = index.openKeyCursor(null, 'nextunique');
  const owners: string[] = [];
  return new Promise((resolve, reject) => {
    cursor.onsuccess = () => {
      if (!cursor.result) return resolve(owners);
      owners.push(String(cursor.result.key));
      cursor.result.continue();
    };
    cursor.onerror = () => reject(cursor.error ?? new Error('IndexedDB request failed'));
  });
}

/** Changes a kept entry (a failed attempt, a refusal, the video's address); none when it is gone. */
export async function updateEntry(id: string, change: (entry: OutboxEntry) => OutboxEntry): Promise<OutboxEntry | null> {
  const db = await open();
  const transaction = db.transaction(ENTRIES, 'readwrite');
  const store = transaction.objectStore(ENTRIES);
  const current = (await resultOf(store.get(id))) as OutboxEntry | undefined;
  const next = current ? change(current) : null;
  if (next) store.put(next);
  await committed(transaction);
  if (next) announce({ type: 'changed' });
  return next;
}

/** Forgets an entry: sent, or knowingly discarded by its owner. */
export async function removeEntry(id: string): Promise<void> {
  const db = await open();
  const transaction = db.transaction(ENTRIES, 'readwrite');
  transaction.objectStore(ENTRIES).delete(id);
  await committed(transaction);
  announce({ type: 'changed' });
}

// The few promises over IndexedDB both drafts need (the capture wizard's, the storyteller
// page's), hand-written so the storyteller's page carries no library.

/**
 * A connection to `name` opened once and kept, its stores made by `upgrade` the first time.
 * It closes when another tab upgrades the database, so that tab is never blocked, and a
 * failed open is tried afresh next time.
 */
export function keptConnection(name: string, version: number, upgrade: (db: IDBDatabase) => void): () => Promise<IDBDatabase> {
  let connection: Promise<IDBDatabase> | null = null;
  return () => {
    connection ??= new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') return reject(new Error('IndexedDB is not available'));
      const request = indexedDB.open(name, version);
      request.onupgradeneeded = () => upgrade(request.result);
      request.onsuccess = () => {
        const db = request.result;
        db.onversionchange = () => {
          db.close();
          connection = null;
        };
        resolve(db);
      };
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    });
    connection.catch(() => {
      connection = null;
    });
    return connection;
  };
}

/** A transaction's end: resolved once it has committed, rejected if it aborts or fails. */
export function committed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
  });
}

/** A request's result. */
export function resultOf<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

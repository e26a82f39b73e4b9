/** Promise wrappers over the raw IndexedDB API, usable in the service worker and the page. */

export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

export function transactionDone(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/**
 * Opens an existing database at whatever version it has, never creating one: the tracker's
 * databases belong to the app (Dexie), and the service worker only reads them. Resolves null
 * when the database does not exist.
 */
export function openExisting(factory: IDBFactory, name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    let created = false;
    const req = factory.open(name);
    req.onupgradeneeded = () => {
      created = true;
      req.transaction?.abort();
    };
    req.onsuccess = () => {
      const db = req.result;
      // The app may upgrade its schema while this connection is open; step aside at once.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = () => {
      if (created) {
        // Aborting the creating upgrade leaves nothing behind; the database simply isn't there.
        req.onerror = null;
        resolve(null);
        return;
      }
      reject(req.error ?? new Error(`Could not open ${name}`));
    };
    req.onblocked = () => reject(new Error(`Opening ${name} is blocked`));
  });
}

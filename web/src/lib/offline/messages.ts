// What the page and the service worker say to each other (issue 26). Plain constants, so the
// service worker, the signed-in app and the storyteller's page all import the same words.

/** The Background Sync tag the outbox registers; its `sync` event wakes the pages to send. */
export const OUTBOX_SYNC_TAG = 'heirloom-outbox';

/** Posted by the service worker to every window when the outbox's sync event fires. */
export const OUTBOX_SEND_MESSAGE = 'outbox-send';

/** Posted by a page to a waiting service worker: take over now ("A new version is ready"). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

// The app's outbox (issue 26): the signed-in app's sender of what waits on the device (mounted
// once in SignedInApp), the list of waiting memories shown on home and a timeline's page, and
// what the wizard's save needs to keep a memory (the status of a failure). memoryVideo.ts, the
// video's upload before a waiting memory's form, is loaded only when one has a video (prepare.ts).
// The outbox itself (IndexedDB, sending, scheduling) is web/src/lib/outbox, shared with the
// storyteller's page and the service worker.
export { failureStatus } from './failureStatus';
export { commentRefusalWords, RefusedEntry } from './RefusedEntry';
export { useOutboxSender } from './useOutboxSender';
export { useWaitingMemories, WaitingMemories } from './WaitingMemories';

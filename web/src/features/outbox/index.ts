// The app's outbox (issue 26): the signed-in app's sender of what waits on the device (mounted
// once in SignedInApp), the list of waiting memories shown on home and a timeline's page, and
// what the wizard's save needs to keep a memory (the status of a failure, the video's parts).
// The outbox itself (IndexedDB, sending, scheduling) is web/src/lib/outbox, shared with the
// storyteller's page and the service worker.
export { failureStatus } from './failureStatus';
export { prepareMemory, withDirectVideo } from './memoryVideo';
export { useOutboxSender } from './useOutboxSender';
export { WaitingMemories } from './WaitingMemories';

// The outbox (issue 26): creates made offline or refused by the network, kept on the device with
// their files and sent by themselves when the connection returns. entry.ts is what waits and its
// pure rules, store.ts its IndexedDB, send.ts the sending, schedule.ts when, useOutbox.ts the view.
export type { OutboxEntry, OutboxKind, OutboxPart, OutboxRequest, OutboxVideo } from './entry';
export { isTellOwner, partsOf, tellOwner, uploadStillHeld, waitsAfter } from './entry';
export { keepInOutbox, onOutboxEvent, outboxOf, outboxOwners, OutboxFullError, removeEntry, updateEntry, type OutboxEvent } from './store';
export { OutboxSendError, retryEntry, sendOutbox, type PrepareEntry, type SendOptions } from './send';
export { askToKeepStorage, deviceNearlyFull, requestBackgroundSync, startOutbox } from './schedule';
export { useEntryActions } from './useEntryActions';
export { useOutbox, type OutboxView } from './useOutbox';

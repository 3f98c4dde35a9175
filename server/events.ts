// Typed in-process events (DESIGN "Decisions added": events). A feature announces what
// happened; features that care (notifications) listen. Listeners run inside the request that
// raised the event, on the same transaction, so what they write commits or rolls back with
// the change itself and nothing needs a broker when several instances run.
import type { Db } from './db/index.js';

export interface EventMap {
  /** Users newly added to a memory's sharedWith (never its creator). */
  'memory.shared': { memoryId: string; title: string; sharerId: string; userIds: string[]; at: string };
  /** A comment was saved on a memory. */
  'comment.created': { commentId: string; memoryId: string; authorId: string; at: string };
  /** `userId` joined `familyId`. */
  'family.joined': { familyId: string; userId: string; at: string };
  /** `mergedBy` merged the family `sourceFamilyName` into `familyId` (`familyName`), its members with it. */
  'family.merged': { familyId: string; familyName: string; sourceFamilyName: string; mergedBy: string; at: string };
  /** `userId` joined a timeline through an invite. */
  'timeline.joined': { timelineId: string; userId: string; at: string };
  /** A member removed `userId` from the timeline (a storyteller's link stops with it). */
  'timeline.memberRemoved': { timelineId: string; userId: string; at: string };
  /** The timeline is gone, its memories filed only there with it; `memberIds` were its members. */
  'timeline.deleted': { timelineId: string; memberIds: string[]; at: string };
  /** A storyteller's story `memoryId` answered the question `askedBy` asked (issue 23). */
  'question.answered': { questionId: string; text: string; askedBy: string; storytellerId: string; memoryId: string; at: string };
  /** The book `bookId` that `requestedBy` asked for is ready to download (issue 24). */
  'book.ready': { bookId: string; title: string; requestedBy: string; at: string };
  /** The archive of everything `archiveId` that `requestedBy` asked for is ready to download (issue 25). */
  'archive.ready': { archiveId: string; requestedBy: string; at: string };
}

export type EventName = keyof EventMap;
export type Listener<E extends EventName> = (event: EventMap[E], db: Db) => Promise<void>;

export class Events {
  private readonly listeners = new Map<EventName, Listener<EventName>[]>();

  on<E extends EventName>(name: E, listener: Listener<E>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(listener as unknown as Listener<EventName>);
    this.listeners.set(name, list);
  }

  /** Runs every listener of `name` in turn on `db` (the caller's transaction); a failure fails the caller. */
  async emit<E extends EventName>(name: E, event: EventMap[E], db: Db): Promise<void> {
    for (const listener of this.listeners.get(name) ?? []) await (listener as unknown as Listener<E>)(event, db);
  }
}

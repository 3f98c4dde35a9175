// The rules of notifications (DESIGN "Notifications"; memories §3 "Notification", §4, §7):
// a user only ever reads and marks their own. Rows are written here alone, by the listeners
// of listeners.ts, in the transaction of the change they tell of.
import type { Notification } from '../../common/notifications.js';
import { messages } from '../../common/messages.js';
import { displayNameOf } from '../../common/people.js';
import { checkAccess } from '../access/index.js';
import type { Db } from '../db/index.js';
import type { EventMap } from '../events.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import * as queries from './queries.js';
import { isSet } from '../db/flags.js';

/** The panel shows the newest; older ones stay counted by the badge until marked read. */
export const NOTIFICATIONS_LISTED_MAX = 50;

const present = (row: queries.NotificationRow): Notification => ({
  id: row.id,
  type: row.type,
  title: row.title,
  message: row.message,
  isRead: isSet(row.is_read),
  createdAt: row.created_at,
  relatedMemoryId: row.related_memory_id,
});

/** GET /api/notifications/unread-count: the bell's badge (accounts §4). */
export async function countUnread(ctx: AppContext, user: UserRow): Promise<number> {
  return queries.countUnread(ctx.db, user.id);
}

/** GET /api/notifications: the caller's own, newest first, those of a memory only while they may view it (issue 19). */
export async function listNotifications(ctx: AppContext, user: UserRow): Promise<Notification[]> {
  return (await queries.listNotifications(ctx.db, user.id, NOTIFICATIONS_LISTED_MAX)).map(present);
}

/**
 * POST /api/notifications/{id}/read: someone else's id is 404, as an unknown one (DESIGN
 * "Edge decisions"), and so is one of theirs the list no longer shows (issue 19).
 */
export async function markRead(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  if (!(await queries.markRead(ctx.db, user.id, id))) throw notFound(messages.notificationNotFound);
}

/** POST /api/notifications/mark-all-read: the caller's own only. */
export async function markAllRead(ctx: AppContext, user: UserRow): Promise<void> {
  await queries.markAllRead(ctx.db, user.id);
}

const nameOf = async (db: Db, userId: string) => displayNameOf(await queries.personName(db, userId), 'User');

/** memory_shared to each user newly added to sharedWith who wants to hear of new memories. */
export async function tellMemoryShared(db: Db, event: EventMap['memory.shared']): Promise<void> {
  const userIds = event.userIds.filter((id) => id !== event.sharerId);
  if (userIds.length === 0) return;
  await queries.insertNotifications(
    db,
    userIds,
    {
      type: 'memory_shared',
      title: messages.memorySharedTitle,
      message: messages.memoryShared(await nameOf(db, event.sharerId), event.title),
      relatedMemoryId: event.memoryId,
      createdAt: event.at,
    },
    true,
  );
}

/**
 * comment_added to the memory's creator and earlier commenters, never the commenter; only
 * those who may still view the memory (an earlier commenter may have been unshared since).
 */
export async function tellCommentAdded(db: Db, event: EventMap['comment.created']): Promise<void> {
  const memory = await queries.memoryOf(db, event.memoryId);
  if (!memory) return;
  const candidates = [...new Set([memory.user_id, ...(await queries.earlierCommenters(db, memory.id, event.commentId))])].filter(
    (id) => id !== event.authorId,
  );
  const viewers: string[] = [];
  for (const id of candidates) if ((await checkAccess(db, { id }, 'memory.read', [memory.id])).size > 0) viewers.push(id);
  await queries.insertNotifications(db, viewers, {
    type: 'comment_added',
    title: messages.commentAddedTitle,
    message: messages.commentAdded(await nameOf(db, event.authorId), memory.title),
    relatedMemoryId: memory.id,
    createdAt: event.at,
  });
}

/** family_joined to the family's other members. */
export async function tellFamilyJoined(db: Db, event: EventMap['family.joined']): Promise<void> {
  const others = (await queries.familyMemberIds(db, event.familyId)).filter((id) => id !== event.userId);
  await queries.insertNotifications(db, others, {
    type: 'family_joined',
    title: messages.familyMemberJoinedTitle,
    message: messages.familyMemberJoined(await nameOf(db, event.userId)),
    createdAt: event.at,
  });
}

/**
 * family_joined to everyone a merge brought together (DESIGN "Families", amended; issue 19:
 * the moved members were moved without being told): the family's members before it and
 * every member who moved, the one who merged included, for a record of what they did.
 */
export async function tellFamilyMerged(db: Db, event: EventMap['family.merged']): Promise<void> {
  await queries.insertNotifications(db, await queries.familyMemberIds(db, event.familyId), {
    type: 'family_joined',
    title: messages.familiesMergedTitle,
    message: messages.familiesMerged(await nameOf(db, event.mergedBy), event.sourceFamilyName, event.familyName),
    createdAt: event.at,
  });
}

/** 'other' to the timeline's owner when someone else joins it. */
export async function tellTimelineJoined(db: Db, event: EventMap['timeline.joined']): Promise<void> {
  const timeline = await queries.timelineOf(db, event.timelineId);
  if (!timeline || timeline.user_id === event.userId) return;
  await queries.insertNotifications(db, [timeline.user_id], {
    type: 'other',
    title: messages.timelineMemberJoinedTitle,
    message: messages.timelineMemberJoined(await nameOf(db, event.userId), timeline.name),
    createdAt: event.at,
  });
}

/**
 * issue 23: 'other' to the asker when a storyteller's story answers their question, worded
 * with the question itself and naming the story, which the panel shows while they may view it.
 */
export async function tellQuestionAnswered(db: Db, event: EventMap['question.answered']): Promise<void> {
  await queries.insertNotifications(db, [event.askedBy], {
    type: 'other',
    title: messages.questionAnsweredTitle(await nameOf(db, event.storytellerId)),
    message: event.text,
    relatedMemoryId: event.memoryId,
    createdAt: event.at,
  });
}

/** issue 24: 'other' to the person who asked for a book, once its PDF is ready in My books. */
export async function tellBookReady(db: Db, event: EventMap['book.ready']): Promise<void> {
  await queries.insertNotifications(db, [event.requestedBy], {
    type: 'other',
    title: messages.bookReadyTitle,
    message: messages.bookReadyMessage(event.title),
    relatedMemoryId: null,
    createdAt: event.at,
  });
}

/** issue 25: 'other' to the person who asked for the archive of everything, once its zip is ready on their profile. */
export async function tellEverythingArchiveReady(db: Db, event: EventMap['archive.ready']): Promise<void> {
  await queries.insertNotifications(db, [event.requestedBy], {
    type: 'other',
    title: messages.everythingArchiveReadyTitle,
    message: messages.everythingArchiveReadyMessage,
    relatedMemoryId: null,
    createdAt: event.at,
  });
}

// DESIGN "Decisions added" (Events) and "Notifications": this feature listens to what other
// features announce and writes the rows, on the transaction of the change itself.
import type { AppContext } from '../context.js';
import { tellBookReady, tellCommentAdded, tellEverythingArchiveReady, tellFamilyJoined, tellFamilyMerged, tellMemoryShared, tellQuestionAnswered, tellTimelineJoined } from './service.js';

export function registerNotificationListeners(ctx: AppContext): void {
  ctx.events.on('memory.shared', (event, db) => tellMemoryShared(db, event));
  ctx.events.on('comment.created', (event, db) => tellCommentAdded(db, event));
  ctx.events.on('family.joined', (event, db) => tellFamilyJoined(db, event));
  ctx.events.on('family.merged', (event, db) => tellFamilyMerged(db, event));
  ctx.events.on('timeline.joined', (event, db) => tellTimelineJoined(db, event));
  ctx.events.on('question.answered', (event, db) => tellQuestionAnswered(db, event));
  ctx.events.on('book.ready', (event, db) => tellBookReady(db, event));
  ctx.events.on('archive.ready', (event, db) => tellEverythingArchiveReady(db, event));
}

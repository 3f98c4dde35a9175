// Comments as the API shows them (memories §3 "Comment"), each with its author and what the
// viewer may do with it (computed in server/access, so the web never re-derives it).
import type { Comment } from '../../common/comments.js';
import { mediaUrl } from '../../common/memories-rules.js';
import { commentAbilities } from '../access/index.js';
import { presentMember, type MemberRow } from '../people/index.js';
import type { CommentRow } from './queries.js';

/** The comments, in the order given, as `viewerId` sees them; `authors` holds every row's author. */
export function presentComments(rows: CommentRow[], authors: MemberRow[], viewerId: string): Comment[] {
  const byId = new Map(authors.map((author) => [author.id, author]));
  return rows.map((row) => ({
    id: row.id,
    memoryId: row.memory_id,
    userId: row.user_id,
    content: row.content,
    transcription: row.transcription,
    transcriptionStatus: row.transcription_status,
    audioUrl: mediaUrl(row.audio_key),
    createdAt: row.created_at,
    user: presentMember(byId.get(row.user_id)!),
    abilities: commentAbilities(viewerId, row),
  }));
}

// What a book holds (issue 24 "What a family gets"; DESIGN "The family book (PDF)"): the
// memories on its timeline, dated in its range, that its requester may view at the moment the
// job runs, as those memories and their comments are shown to that person anywhere else
// (memories' and comments' own presenters, through their index.ts), turned into the plain
// BookDocument the renderer takes.
import type { Comment } from '../../common/comments.js';
import type { Memory, MemoryImage } from '../../common/memories.js';
import { hasVoice } from '../../common/memories-rules.js';
import { displayNameOf } from '../../common/people.js';
import { listComments } from '../comments/index.js';
import { familyNameOf } from '../families/index.js';
import type { AppContext } from '../context.js';
import { isSet } from '../db/flags.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { listenUrlFor } from '../listen/index.js';
import { mediaKeyOfUrl } from '../media/index.js';
import { presentMemoriesFor } from '../memories/index.js';
import { typeOfKey } from '../providers/storage/index.js';
import type { BookComment, BookDocument, BookMemory, BookPhoto } from './document.js';
import * as queries from './queries.js';
import { dayIn, rangeInstants } from './range.js';

/** Memories presented a batch at a time: one query per child table per batch. */
const BATCH = 100;

/**
 * The photo as the book prints it: the display copy (at most 2048 px on its long side, which
 * prints above 300 dpi across a 6 × 9 page's text width), whose size the memory JSON gives;
 * an original is larger to fetch and decode for no sharper print.
 */
function photoOf(image: MemoryImage): BookPhoto | null {
  const storageKey = mediaKeyOfUrl(image.url);
  if (!storageKey) return null;
  return { storageKey, mimeType: typeOfKey(storageKey), width: image.width, height: image.height };
}


function commentOf(comment: Comment): BookComment | null {
  const text = (comment.content?.trim() || comment.transcription?.trim()) ?? '';
  if (!text) return null;
  return { author: displayNameOf(comment.user), createdAt: comment.createdAt, text };
}

export interface GatheredBook {
  document: BookDocument;
  /** The memories' ids, in the book's order (the row's `memories` count, the tests' checks). */
  memoryIds: string[];
}

/** Everything `book` holds for its requester now; null when the requester is gone. */
export async function gatherBook(ctx: AppContext, book: queries.BookRow, signal?: AbortSignal): Promise<GatheredBook | null> {
  const requester = await queries.userById(ctx.db, book.requested_by);
  if (!requester) return null;
  const range = { start: book.start_day, end: book.end_day };
  const rows = await queries.memoriesOfBook(ctx.db, requester.id, { timelineId: book.timeline_id, ...rangeInstants(range, book.tz) });
  const memories: BookMemory[] = [];
  /** Each photo's image id (the original's media id, what coverMediaId names), for the cover. */
  const photoIds = new Map<string, BookPhoto>();
  for (let at = 0; at < rows.length; at += BATCH) {
    signal?.throwIfAborted();
    for (const memory of await presentMemoriesFor(ctx, requester, rows.slice(at, at + BATCH))) {
      const gathered = await bookMemoryOf(ctx, book, requester, memory);
      if (!gathered) continue;
      memories.push(gathered.memory);
      for (const [id, photo] of gathered.photos) photoIds.set(id, photo);
    }
  }
  const firstPhoto = memories.find((memory) => memory.photos.length > 0)?.photos[0] ?? null;
  return {
    document: {
      title: book.title,
      familyName: await familyNameOf(ctx.db, requester.id),
      start: book.start_day,
      end: book.end_day,
      tz: book.tz,
      // The photo picked, while it is still in the book (its memory may have been narrowed or moved since); else the first.
      cover: (book.cover_media_id ? photoIds.get(book.cover_media_id) : undefined) ?? firstPhoto,
      memories,
    },
    memoryIds: memories.map((memory) => memory.id),
  };
}

async function bookMemoryOf(
  ctx: AppContext,
  book: queries.BookRow,
  requester: UserRow,
  memory: Memory,
): Promise<{ memory: BookMemory; photos: [string, BookPhoto][] } | null> {
  let comments: Comment[] = [];
  if (isSet(book.include_comments)) {
    try {
      comments = await listComments(ctx, requester, memory.id);
    } catch (error) {
      // Narrowed out of the requester's sight since it was read: it leaves the book, as it would have a moment later.
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    }
  }
  const photos = memory.images.flatMap((image): [string, BookPhoto][] => {
    const photo = photoOf(image);
    return photo ? [[image.id, photo]] : [];
  });
  // The code is minted by the requester, on their book: a memory's creator can stop it (DELETE …/listen-links).
  const listenUrl = isSet(book.listen_codes) && hasVoice(memory) ? await listenUrlFor(ctx, ctx.db, memory.id, requester.id) : null;
  return {
    memory: {
      id: memory.id,
      title: memory.title,
      createdAt: memory.createdAt,
      day: dayIn(new Date(memory.createdAt), book.tz),
      storyteller: displayNameOf(memory.creator),
      photos: photos.map(([, photo]) => photo),
      transcription: memory.transcription.trim(),
      notes: memory.content.trim(),
      followUps: memory.followUpResponses
        .filter((response) => response.question.trim() && response.answer.trim())
        .map((response) => ({ question: response.question.trim(), answer: response.answer.trim() })),
      comments: comments.flatMap((comment) => commentOf(comment) ?? []),
      tags: memory.tags,
      listenUrl,
    },
    photos,
  };
}

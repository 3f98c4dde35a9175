// The archive's records (issue 25; DESIGN "Yours to keep"; docs/archive-format.md says it in
// prose): what server/archives writes into a bag's data/records/*.jsonl, what npm run import
// reads back, and the JSON Schema in the bag and in docs/ (made from these by
// server/archives/schema.ts). One line is one record; every id is the instance's own, kept
// on import, so links and printed listen codes still resolve after a move.
//
// Version 1. A reader refuses a format or a version it does not know; a later version adds
// fields (readers ignore what they do not know) or says why it could not.
import { z } from 'zod';

export const ARCHIVE_FORMAT = 'heirloom-archive';
export const ARCHIVE_VERSION = 1;

/** The record files under data/records/, each `{name}.jsonl`, in the order an import reads them. */
export const recordFiles = ['people', 'families', 'timelines', 'memberships', 'memories', 'comments', 'questions', 'storytellers'] as const;
export type RecordFile = (typeof recordFiles)[number];

const id = z.string().min(1).max(100);
/** An instant, ISO 8601 in UTC as the instance keeps it: 2026-11-25T09:30:00.000Z. */
const instant = z.iso.datetime({ offset: true });
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * A stored file, named by its SHA-256 under data/: `media/{sha256}.{extension}`. The bytes are
 * the original as the family sent them (what the instance kept; no resized copy, no video
 * poster); two records holding the same bytes name the same file.
 */
export const archiveFile = z.object({
  /** The instance's row for this file; kept on import. */
  mediaId: id,
  kind: z.enum(['image', 'video', 'audio', 'comment_audio', 'avatar']),
  /** Order among the record's files of its kind (a memory's photos, a spoken answer's place). */
  position: z.number().int().min(0),
  sha256,
  /** Relative to data/. */
  path: z.string().regex(/^media\/[0-9a-f]{64}\.[a-z0-9]{2,5}$/),
  mimeType: z.string().min(1).max(200),
  bytes: z.number().int().min(0),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  /** The person who sent it. */
  ownerId: id,
  createdAt: instant,
});
export type ArchiveFile = z.infer<typeof archiveFile>;

/** people.jsonl: everyone the other records name (authors, members, shares, askers). */
export const personRecord = z.object({
  id,
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /**
   * How an import matches them with an account it already has. Null for a storyteller (who
   * has no sign-in) and for anyone whose address the exporter was never shown.
   */
  email: z.email().nullable(),
  isStoryteller: z.boolean(),
  /** Their family, when it is one of families.jsonl. */
  familyId: id.nullable(),
  avatar: archiveFile.nullable(),
  createdAt: instant,
});
export type PersonRecord = z.infer<typeof personRecord>;

/** families.jsonl. */
export const familyRecord = z.object({ id, name: z.string(), createdBy: id.nullable(), createdAt: instant });
export type FamilyRecord = z.infer<typeof familyRecord>;

/** timelines.jsonl: the exporter's timelines. */
export const timelineRecord = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  icon: z.string().nullable(),
  isDefault: z.boolean(),
  ownerId: id,
  createdAt: instant,
});
export type TimelineRecord = z.infer<typeof timelineRecord>;

/** memberships.jsonl: who belongs to each timeline of timelines.jsonl. */
export const membershipRecord = z.object({ timelineId: id, personId: id, joinedAt: instant });
export type MembershipRecord = z.infer<typeof membershipRecord>;

/** A follow-up question and its answer; a spoken answer names its recording among the memory's files. */
export const followUpRecord = z.object({
  id,
  question: z.string(),
  answer: z.string(),
  position: z.number().int().min(0),
  voiceMediaId: id.nullable(),
});
export type FollowUpRecord = z.infer<typeof followUpRecord>;

/**
 * A printed listen code (issue 24): its id and the SHA-256 of its token, so the code printed
 * in a book plays again after an import. The token itself is never in an archive.
 */
export const listenCodeRecord = z.object({ id, tokenSha256: sha256, createdBy: id.nullable(), createdAt: instant });
export type ListenCodeRecord = z.infer<typeof listenCodeRecord>;

/** memories.jsonl: every memory the exporter may view. */
export const memoryRecord = z.object({
  id,
  title: z.string(),
  content: z.string(),
  /** The words of its voice. */
  transcription: z.string(),
  authorId: id,
  familyId: id.nullable(),
  /** Who sees it: only its author, every member of its timelines, or the people of sharedWith. */
  audience: z.enum(['private', 'timeline', 'people']),
  timelineIds: z.array(id),
  /** Person ids. */
  sharedWith: z.array(id),
  tags: z.array(z.string()),
  /** Photos, videos, its voice and the spoken answers' recordings. */
  files: z.array(archiveFile),
  /** Which of `files` is its voice. */
  voiceMediaId: id.nullable(),
  followUps: z.array(followUpRecord),
  listenCodes: z.array(listenCodeRecord),
  createdAt: instant,
  updatedAt: instant,
});
export type MemoryRecord = z.infer<typeof memoryRecord>;

/** comments.jsonl: every comment on a memory of memories.jsonl. */
export const commentRecord = z.object({
  id,
  memoryId: id,
  authorId: id,
  content: z.string().nullable(),
  /** The words of a voice comment. */
  transcription: z.string().nullable(),
  voice: archiveFile.nullable(),
  createdAt: instant,
});
export type CommentRecord = z.infer<typeof commentRecord>;

/** questions.jsonl: the family's questions for its storytellers, on timelines of timelines.jsonl. */
export const questionRecord = z.object({
  id,
  timelineId: id,
  askedBy: id,
  /** Null: for any storyteller of the timeline. */
  forPersonId: id.nullable(),
  text: z.string(),
  /** The story that answered it, when that story is in memories.jsonl. */
  answeredMemoryId: id.nullable(),
  createdAt: instant,
});
export type QuestionRecord = z.infer<typeof questionRecord>;

/**
 * storytellers.jsonl: people who tell stories by link (issue 23) on timelines of
 * timelines.jsonl. Their contact address, reminder and link's SHA-256 only when the exporter
 * manages them (the storyteller's creator or the timeline's owner); else null.
 */
export const storytellerRecord = z.object({
  personId: id,
  timelineId: id,
  createdBy: id.nullable(),
  email: z.email().nullable(),
  reminder: z.object({ weekday: z.number().int().min(0).max(6), time: z.string().regex(/^\d{2}:\d{2}$/), timeZone: z.string() }).nullable(),
  remindersStopped: z.boolean(),
  /** So the storyteller's printed card keeps working after a move; the token is never here. */
  linkSha256: sha256.nullable(),
  createdAt: instant,
  updatedAt: instant,
});
export type StorytellerRecord = z.infer<typeof storytellerRecord>;

export const recordSchemas = {
  people: personRecord,
  families: familyRecord,
  timelines: timelineRecord,
  memberships: membershipRecord,
  memories: memoryRecord,
  comments: commentRecord,
  questions: questionRecord,
  storytellers: storytellerRecord,
} as const satisfies Record<RecordFile, z.ZodType>;

/** How many of each the archive holds; `files` counts distinct files under data/media/. */
export const archiveCounts = z.object({
  people: z.number().int().min(0),
  families: z.number().int().min(0),
  timelines: z.number().int().min(0),
  memberships: z.number().int().min(0),
  memories: z.number().int().min(0),
  comments: z.number().int().min(0),
  questions: z.number().int().min(0),
  storytellers: z.number().int().min(0),
  files: z.number().int().min(0),
});
export type ArchiveCounts = z.infer<typeof archiveCounts>;

/** data/heirloom.json: what the bag is, first to be read. */
export const archiveHeader = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
  exportedAt: instant,
  exportedBy: z.object({ id, displayName: z.string() }),
  /** The program and version that wrote it: "Heirloom 0.1.0". */
  generator: z.string(),
  counts: archiveCounts,
});
export type ArchiveHeader = z.infer<typeof archiveHeader>;

/**
 * Where things are in the bag (RFC 8493), relative to its base directory: the zip holds one
 * folder named as the zip is without `.zip` (RFC 8493 §4.2), the tag files at its root and the
 * payload under data/.
 */
export const bagPaths = {
  declaration: 'bagit.txt',
  info: 'bag-info.txt',
  manifest: 'manifest-sha256.txt',
  tagManifest: 'tagmanifest-sha256.txt',
  header: 'data/heirloom.json',
  records: (name: RecordFile) => `data/records/${name}.jsonl`,
  schema: 'data/records/schema.json',
  site: 'data/index.html',
  media: 'data/media/',
} as const;

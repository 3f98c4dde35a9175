// What the archive's job gathers before it writes (issue 25): the records of
// common/archive-format.ts as the instance holds them, each file still named by its storage key.
// gather.ts makes these; bag.ts reads each file once to hash it, names it by its SHA-256 and
// writes the finished records. Small lists are whole; memories come a batch at a time.
import type {
  ArchiveFile,
  CommentRecord,
  FamilyRecord,
  MembershipRecord,
  MemoryRecord,
  PersonRecord,
  QuestionRecord,
  StorytellerRecord,
  TimelineRecord,
} from '../../../common/archive-format.js';

/** A file before it is read: its record's fields but the SHA-256 and the path made from it. */
export interface PendingFile extends Omit<ArchiveFile, 'sha256' | 'path'> {
  storageKey: string;
}

export interface GatheredPerson extends Omit<PersonRecord, 'avatar'> {
  avatar: PendingFile | null;
}

export interface GatheredMemory extends Omit<MemoryRecord, 'files'> {
  files: PendingFile[];
}

export interface GatheredComment extends Omit<CommentRecord, 'voice'> {
  voice: PendingFile | null;
}

/** A memory with its comments, oldest first. */
export interface GatheredMemoryWithComments {
  memory: GatheredMemory;
  comments: GatheredComment[];
}

export interface Gathered {
  exporter: { id: string; displayName: string };
  /** Everyone the other records name. */
  people: GatheredPerson[];
  families: FamilyRecord[];
  timelines: TimelineRecord[];
  memberships: MembershipRecord[];
  questions: QuestionRecord[];
  storytellers: StorytellerRecord[];
  /** How many memories `memories()` will give, and the bytes of every file to read (avatars included), for progress. */
  totals: { memories: number; fileBytes: number };
  /** The memories the exporter may view, oldest first ((created_at, id)), read a batch at a time. */
  memories(signal?: AbortSignal): AsyncIterable<GatheredMemoryWithComments>;
}

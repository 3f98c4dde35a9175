// Table types of the data model (DESIGN "Data model"). Times are ISO-8601 UTC strings on
// both dialects; flags read back as boolean (PostgreSQL) or 0/1 (SQLite) and are written as 0/1.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Audience } from '../../common/memories.js';
import type { TranscriptionStatus } from '../../common/audio.js';
import type { BookStatus } from '../../common/books.js';
import type { EverythingArchiveStatus } from '../../common/everything-archive.js';

export type Flag = ColumnType<boolean | number, 0 | 1 | undefined, 0 | 1>;
type Time = string;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  display_name: string | null;
  first_name: string | null;
  last_name: string | null;
  profile_image_key: string | null;
  family_id: string | null;
  default_timeline_id: string | null;
  reminder_time: ColumnType<string, string | undefined, string>;
  notifications_enabled: Flag;
  new_memory_notifications_enabled: Flag;
  /** A storyteller (migration 0016): no password, a link instead; see StorytellersTable. */
  is_storyteller: Flag;
  created_at: Time;
  updated_at: Time;
}

export interface IdentitiesTable {
  user_id: string;
  issuer: string;
  subject: string;
  created_at: Time;
}

export interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Time;
  expires_at: Time;
  user_agent: string | null;
}

export interface SignInFailuresTable {
  id: string;
  /** `account:{email}` or `address:{ip}`: both are counted (DESIGN "Security and durability"). */
  key: string;
  failed_at: Time;
}

/** A password reset link: its token's SHA-256, one hour, one use (migration 0017). */
export interface PasswordResetsTable {
  token_hash: string;
  user_id: string;
  created_at: Time;
  expires_at: Time;
  used_at: Time | null;
}

export interface FamiliesTable {
  id: string;
  name: string;
  created_by: string;
  created_at: Time;
}

export interface FamilyInvitesTable {
  id: string;
  family_id: string;
  inviter_id: string;
  created_at: Time;
  expires_at: Time;
}

export interface TimelinesTable {
  id: string;
  name: string;
  description: string | null;
  color: string;
  icon: string | null;
  is_default: Flag;
  user_id: string;
  created_at: Time;
}

export interface TimelineMembersTable {
  timeline_id: string;
  user_id: string;
  joined_at: Time;
}

export interface TimelineInvitesTable {
  id: string;
  timeline_id: string;
  created_by: string;
  created_at: Time;
  expires_at: Time;
}

/** The last removal of `user_id` from `timeline_id` (issue 19: older invites do not admit them again). */
export interface TimelineRemovalsTable {
  timeline_id: string;
  user_id: string;
  removed_at: Time;
}

export interface MemoriesTable {
  id: string;
  title: string;
  content: string;
  transcription: string;
  user_id: string;
  family_id: string | null;
  audio_key: string | null;
  /**
   * Who sees it (migration 0010; DESIGN "Who may do what", Memory view): 'private', 'timeline'
   * (every member of its timelines, decided at read time by access/) or 'people' (its shares).
   */
  audience: Generated<Audience>;
  /** Where the words of its voice stand (migration 0015): written by its transcription job, or 'done' by a person's edit. */
  transcription_status: Generated<TranscriptionStatus>;
  created_at: Time;
  updated_at: Time;
}

export interface MemoryTimelinesTable {
  memory_id: string;
  timeline_id: string;
}

export interface MemorySharesTable {
  memory_id: string;
  user_id: string;
}

export interface MemoryTagsTable {
  memory_id: string;
  tag: string;
}

export interface MediaTable {
  id: string;
  memory_id: string | null;
  owner_id: string;
  /** A video_thumbnail sits at its video's position. */
  kind: 'image' | 'video' | 'video_thumbnail' | 'audio' | 'comment_audio' | 'avatar';
  storage_key: string;
  mime_type: string;
  size: number;
  width: number | null;
  height: number | null;
  duration: number | null;
  position: number;
  created_at: Time;
}

export interface UploadsTable {
  storage_key: string;
  owner_id: string;
  created_at: Time;
  attached_at: Time | null;
}

/** issue 19: one row per call to an AI service, for the per-user limits (server/ai-limits). */
export interface AiCallsTable {
  id: string;
  user_id: string;
  kind: string;
  called_at: Time;
}

/** A key sent with a create that committed (migration 0011; server/idempotency). */
export interface IdempotencyKeysTable {
  caller: string;
  key: string;
  route: string;
  resource_id: string;
  status: number;
  created_at: Time;
}

export interface FollowUpResponsesTable {
  id: string;
  memory_id: string;
  question: string;
  answer: string;
  /** A spoken answer's recording (DESIGN "Voice is never dropped"); its media row holds the duration. */
  audio_key: string | null;
  position: number;
  /** Where a spoken answer's words stand (migration 0015). */
  transcription_status: Generated<TranscriptionStatus>;
}

export interface CommentsTable {
  id: string;
  memory_id: string;
  user_id: string;
  content: string | null;
  transcription: string | null;
  audio_key: string | null;
  /** Where a voice comment's words stand (migration 0015). */
  transcription_status: Generated<TranscriptionStatus>;
  created_at: Time;
}

export interface NotificationsTable {
  id: string;
  user_id: string;
  type: 'memory_shared' | 'comment_added' | 'family_joined' | 'other';
  title: string;
  message: string;
  is_read: Flag;
  related_memory_id: string | null;
  created_at: Time;
  /** When the members' mail took it, into a mail or passed over (migration 0018); null: not yet. */
  mailed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DailyPromptsTable {
  user_id: string;
  /** '' stands for "no timeline", so the primary key stays plain on both dialects. */
  timeline_id: string;
  day: string;
  looking_back: string;
  looking_forward: string;
}

/** A storyteller's link and reminder (migration 0016; DESIGN "Storytellers (no account)"). */
export interface StorytellersTable {
  user_id: string;
  timeline_id: string;
  created_by: string | null;
  /** Contact for the week's question, not a sign-in name. */
  email: string | null;
  /** SHA-256 hex of the active link's token; null while no link is active. */
  link_hash: string | null;
  /** The token sealed with the server's secret; null with link_hash. */
  link_sealed: string | null;
  /** 0–6, 0 = Sunday; the three reminder columns are all set or all null. */
  reminder_weekday: number | null;
  /** 'HH:mm' in reminder_tz. */
  reminder_time: string | null;
  /** An IANA zone. */
  reminder_tz: string | null;
  reminders_stopped: Flag;
  reminded_question_id: string | null;
  reminded_at: Time | null;
  created_at: Time;
  updated_at: Time;
}

/** A family's question for its storytellers (migration 0016). */
export interface QuestionsTable {
  id: string;
  timeline_id: string;
  asked_by: string;
  /** Null: for any storyteller of the timeline. */
  for_user_id: string | null;
  text: string;
  /** The story that answered it; null while it waits. */
  answered_memory_id: string | null;
  created_at: Time;
}

/** A family book (migration 0019; DESIGN "The family book (PDF)"); written by server/books only. */
export interface BooksTable {
  id: string;
  requested_by: string;
  timeline_id: string;
  title: string;
  /** yyyy-MM-dd in tz, inclusive. */
  start_day: string;
  end_day: string;
  tz: string;
  include_comments: Flag;
  listen_codes: Flag;
  cover_media_id: string | null;
  status: BookStatus;
  progress: ColumnType<number, number | undefined, number>;
  pages: number | null;
  bytes: number | null;
  /** How many memories it holds, once ready. */
  memories: number | null;
  /** books/{id}.pdf in the media store, once ready. */
  file_key: string | null;
  error: string | null;
  created_at: Time;
  updated_at: Time;
}

/** A memory's listen code (migration 0019; the newest one whose token unseals is printed); written by server/listen only. */
export interface ListenLinksTable {
  id: string;
  memory_id: string;
  /** SHA-256 hex of the token. */
  token_hash: string;
  /** The token sealed (server/sealing.ts); null once the server's secret changed. */
  token_sealed: string | null;
  created_by: string | null;
  created_at: Time;
}

/** A person's archive of everything they may view (migration 0020; DESIGN "Yours to keep"); written by server/archives only. */
export interface ArchivesTable {
  id: string;
  requested_by: string;
  status: EverythingArchiveStatus;
  progress: ColumnType<number, number | undefined, number>;
  /** The zip's size once ready. */
  bytes: number | null;
  /** JSON of common/archive-format.ts ArchiveCounts, once ready. */
  counts: string | null;
  /** archives/{id}.zip in the media store, once ready. */
  file_key: string | null;
  error: string | null;
  created_at: Time;
  updated_at: Time;
}

/** A job's life (server/jobs): queued → running → done, or back to queued to retry, or failed for good. */
export type JobState = 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  kind: string;
  /** Dedupe: one queued or running job per kind and key. */
  key: string | null;
  /** JSON text. */
  payload: string;
  state: JobState;
  attempts: ColumnType<number, number | undefined, number>;
  /** Null: the handler's own. */
  max_attempts: number | null;
  run_after: Time;
  lease_owner: string | null;
  lease_expires_at: Time | null;
  last_error: string | null;
  created_at: Time;
  updated_at: Time;
}

export interface Database {
  users: UsersTable;
  identities: IdentitiesTable;
  sessions: SessionsTable;
  sign_in_failures: SignInFailuresTable;
  password_resets: PasswordResetsTable;
  families: FamiliesTable;
  family_invites: FamilyInvitesTable;
  timelines: TimelinesTable;
  timeline_members: TimelineMembersTable;
  timeline_invites: TimelineInvitesTable;
  timeline_removals: TimelineRemovalsTable;
  memories: MemoriesTable;
  memory_timelines: MemoryTimelinesTable;
  memory_shares: MemorySharesTable;
  memory_tags: MemoryTagsTable;
  media: MediaTable;
  uploads: UploadsTable;
  ai_calls: AiCallsTable;
  idempotency_keys: IdempotencyKeysTable;
  follow_up_responses: FollowUpResponsesTable;
  comments: CommentsTable;
  notifications: NotificationsTable;
  daily_prompts: DailyPromptsTable;
  jobs: JobsTable;
  storytellers: StorytellersTable;
  questions: QuestionsTable;
  books: BooksTable;
  listen_links: ListenLinksTable;
  archives: ArchivesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;

// Every API address the web uses is built here and nowhere else.
import type { Book, BookList, CreateBookBody, CreatedBook } from '../../../common/books';
import type { CreatedEverythingArchive, EverythingArchive, EverythingArchiveList } from '../../../common/everything-archive';
import type { AuthProviders, ChangePasswordBody, EndedSessions, LoginBody, PasswordResetBody, PasswordResetRequestBody, RegisterBody } from '../../../common/auth';
import type { PublicConfig } from '../../../common/config';
import type { Comment } from '../../../common/comments';
import type { Audience, Memory, MemoryDays, MemoryPage } from '../../../common/memories';
import type { Notification, UnreadCount } from '../../../common/notifications';
import type { FollowUpBody, FollowUpQuestion } from '../../../common/prompts';
import type { PresignedUrl } from '../../../common/uploads';
import type { AskQuestionBody, CreatedStoryteller, CreateStorytellerBody, Question, Storyteller, StorytellerLink, UpdateStorytellerBody } from '../../../common/storytellers';
import type { UpdateUserBody, User } from '../../../common/users';
import { MEMORY_POST_RETRIES, MEMORY_POST_TIMEOUT_MS } from '../../../common/limits';
import { request, requestPage } from './client';
import { ApiError } from './errors';
import { idempotencyHeaders } from './idempotency';
import { recordingFileName, uploadWithProgress } from './upload';
import type {
  DailyPrompts,
  Family,
  FamilyInviteDetails,
  InviteLink,
  Member,
  NewTimeline,
  PendingInviteResult,
  Timeline,
  TimelineInviteDetails,
  TimelineMember,
} from './types';

/** The Search Memories dialog's filters (memories §2); start and end are days, yyyy-MM-dd. */
export interface SearchFilter {
  q: string;
  start?: string;
  end?: string;
  withImages?: boolean;
  timelineIds?: string[];
}

const id = (value: string) => encodeURIComponent(value);
let zone: string | undefined;
/** Temporal where the browser has it (TypeScript's library does not describe it yet). */
declare const Temporal: { Now: { timeZoneId(): string } } | undefined;
/**
 * The person's IANA zone, resolved once. Temporal answers at once where the browser has it;
 * Intl's answer costs the page's first Intl object, which loads the browser's locale data:
 * some 50 ms of a fast computer's main thread and more on a phone, in the task that sends
 * home's first call, today's prompts (issue 21 "First load").
 */
const timeZone = () => (zone ??= typeof Temporal === 'undefined' ? Intl.DateTimeFormat().resolvedOptions().timeZone : Temporal.Now.timeZoneId());

/** Null for a 404: "there is none" rather than an error. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

const commentsUrl = (memoryId: string) => `/api/memories/${id(memoryId)}/comments`;

/**
 * memories §7: a comment's multipart body, optional content and optional audio (a webm
 * recording). One builder for the composer's send and for what the outbox keeps (issue 26),
 * so a comment sent later is the same request.
 */
export function commentForm(comment: { content?: string; audio?: Blob }): FormData {
  const form = new FormData();
  if (comment.content !== undefined) form.append('content', comment.content);
  // Named by its real type (Safari records MP4): the server goes by the bytes, a reader by the name.
  if (comment.audio) form.append('audio', comment.audio, recordingFileName(comment.audio.type));
  return form;
}

export const api = {
  config: () => request<PublicConfig>('GET', '/api/config'),
  auth: {
    /** The signed-in user, or null when signed out (accounts §4: a 401 means signed out). */
    async currentUser(): Promise<User | null> {
      try {
        return await request<User>('GET', '/api/auth/user');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    providers: () => request<AuthProviders>('GET', '/api/auth/providers'),
    register: (body: RegisterBody) => request<User>('POST', '/api/auth/register', body),
    login: (body: LoginBody) => request<User>('POST', '/api/auth/login', body),
    /** Issue 19: ends the account's other sessions too, and says how many. */
    changePassword: (body: ChangePasswordBody) => request<EndedSessions>('POST', '/api/auth/password', body),
    endOtherSessions: () => request<EndedSessions>('POST', '/api/auth/sessions/end-others'),
    requestPasswordReset: (body: PasswordResetRequestBody) => request<void>('POST', '/api/auth/password-reset', body),
    resetPassword: (token: string, body: PasswordResetBody) => request<void>('POST', `/api/auth/password-reset/${id(token)}`, body),
  },
  users: {
    update: (body: UpdateUserBody) => request<User>('PATCH', '/api/user', body),
    /** Multipart: displayName and/or profileImage (accounts §7). */
    updateProfile: (form: FormData) => request<User>('PATCH', '/api/auth/user/profile', form),
    uploadProfileImage: (form: FormData) => request<User>('POST', '/api/user/profile-image', form),
  },
  timelines: {
    list: () => request<Timeline[]>('GET', '/api/timelines'),
    get: (timelineId: string) => request<Timeline>('GET', `/api/timelines/${id(timelineId)}`),
    create: (body: NewTimeline) => request<Timeline>('POST', '/api/timelines', body),
    update: (timelineId: string, body: { name?: string; color?: string }) =>
      request<Timeline>('PATCH', `/api/timelines/${id(timelineId)}`, body),
    remove: (timelineId: string) => request<{ success: boolean }>('DELETE', `/api/timelines/${id(timelineId)}`),
    members: (timelineId: string) => request<TimelineMember[]>('GET', `/api/timelines/${id(timelineId)}/members`),
    /** One page of the timeline's visible memories, newest first (DESIGN "API": cursor and limit). */
    memoryPage: (timelineId: string, page: { cursor?: string | null; limit: number; start?: string; end?: string }) => {
      const query = new URLSearchParams({ limit: String(page.limit) });
      if (page.cursor) query.set('cursor', page.cursor);
      if (page.start) query.set('start', page.start);
      if (page.end) query.set('end', page.end);
      return request<MemoryPage>('GET', `/api/timelines/${id(timelineId)}/memories?${query}`);
    },
    /** The days (yyyy-MM-dd in the person's zone) that hold memories, for the calendar. */
    memoryDays: (timelineId: string) =>
      request<MemoryDays>('GET', `/api/timelines/${id(timelineId)}/memory-days?${new URLSearchParams({ tz: timeZone() })}`),
    removeMember: (timelineId: string, userId: string) =>
      request<{ success: boolean }>('DELETE', `/api/timelines/${id(timelineId)}/members/${id(userId)}`),
    currentInvite: (timelineId: string) => orNull(request<InviteLink>('GET', `/api/timeline-invites/${id(timelineId)}`)),
    createInvite: (timelineId: string) => request<InviteLink>('POST', `/api/timelines/${id(timelineId)}/invites`, {}),
  },
  timelineInvites: {
    get: (inviteId: string) => request<TimelineInviteDetails>('GET', `/api/timeline-invite/${id(inviteId)}`),
    accept: (inviteId: string) => request<{ timelineId: string; name: string }>('POST', `/api/timeline-invite/${id(inviteId)}/accept`, {}),
    processPending: (inviteId: string) => request<PendingInviteResult>('POST', '/api/process-pending-timeline-invite', { inviteId }),
  },
  families: {
    get: (familyId: string) => request<Family>('GET', `/api/families/${id(familyId)}`),
    createInvite: () => request<InviteLink & { familyId: string }>('POST', '/api/invites', {}),
    invite: (inviteId: string) => request<FamilyInviteDetails>('GET', `/api/invites/${id(inviteId)}`),
    acceptInvite: (inviteId: string) => request<User>('POST', `/api/invites/${id(inviteId)}/accept`, {}),
    merge: (body: { targetFamilyId: string; sourceFamilyId: string; inviteId: string }) =>
      request<{ success: boolean; user: User }>('POST', '/api/families/merge', body),
  },
  prompts: {
    // The day is the person's own day, so "today" turns over at their midnight.
    daily: (timelineId?: string) => {
      const query = new URLSearchParams({ tz: timeZone() });
      if (timelineId) query.set('timelineId', timelineId);
      return request<DailyPrompts>('GET', `/api/prompts/daily?${query}`);
    },
    refresh: (timelineId?: string) =>
      request<DailyPrompts>('POST', '/api/prompts/refresh', { tz: timeZone(), ...(timelineId ? { timelineId } : {}) }),
  },
  notifications: {
    unreadCount: () => request<UnreadCount>('GET', '/api/notifications/unread-count'),
    list: () => request<Notification[]>('GET', '/api/notifications'),
    markRead: (notificationId: string) => request<unknown>('POST', `/api/notifications/${id(notificationId)}/read`, {}),
    markAllRead: () => request<unknown>('POST', '/api/notifications/mark-all-read', {}),
  },
  memories: {
    list: () => request<Memory[]>('GET', '/api/memories'),
    get: (memoryId: string) => request<Memory>('GET', `/api/memories/${id(memoryId)}`),
    /** Where memories are created: the wizard's save, and the outbox's later one (issue 26). */
    createUrl: () => '/api/memories',
    /**
     * memories §7: multipart, upload progress, 5-minute timeout, one retry after 2 s × attempt;
     * every attempt carries the draft's Idempotency-Key (issue 20), so a retry after a lost answer creates nothing.
     */
    create: (
      form: FormData,
      { idempotencyKey, ...options }: { onProgress?: (percent: number) => void; signal?: AbortSignal; idempotencyKey?: string | null } = {},
    ) =>
      uploadWithProgress<Memory>({
        url: '/api/memories',
        method: 'POST',
        body: form,
        headers: idempotencyHeaders(idempotencyKey),
        timeoutMs: MEMORY_POST_TIMEOUT_MS,
        retries: MEMORY_POST_RETRIES,
        ...options,
      }),
    remove: (memoryId: string) => request<unknown>('DELETE', `/api/memories/${id(memoryId)}`),
    /** One random memory the person may view, or null when there is none (204). */
    spotlight: async () => (await request<Memory | undefined>('GET', '/api/memories/spotlight')) ?? null,
    /** memories §7: JSON {title, content, transcription, tags, createdAt} when no media changes. */
    update: (memoryId: string, body: { title: string; content: string; transcription: string; tags: string[]; createdAt: string }) =>
      request<Memory>('PATCH', `/api/memories/${id(memoryId)}`, body),
    /** memories §7: multipart with media changes, sent with upload progress. */
    updateWithMedia: (memoryId: string, form: FormData, options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {}) =>
      uploadWithProgress<Memory>({ url: `/api/memories/${id(memoryId)}`, method: 'PATCH', body: form, timeoutMs: MEMORY_POST_TIMEOUT_MS, retries: 0, ...options }),
    updateTimelines: (memoryId: string, timelineIds: string[]) => request<Memory>('PATCH', `/api/memories/${id(memoryId)}/timelines`, { timelineIds }),
    /** memories §6: the list always includes the current user. */
    share: (memoryId: string, userIds: string[], audience?: Audience) =>
      request<Memory>('POST', `/api/memories/${id(memoryId)}/share`, audience ? { userIds, audience } : { userIds }),
    /**
     * memories §5 on the server (DESIGN "API"): days in the person's zone, newest first; one page
     * of them, and the cursor of the next (null on the last).
     */
    search: async (filter: SearchFilter, page: { cursor?: string | null; limit: number }): Promise<MemoryPage> => {
      const query = new URLSearchParams({ q: filter.q, tz: timeZone(), limit: String(page.limit) });
      if (page.cursor) query.set('cursor', page.cursor);
      if (filter.start) query.set('start', filter.start);
      if (filter.end) query.set('end', filter.end);
      if (filter.withImages) query.set('withImages', 'true');
      if (filter.timelineIds?.length) query.set('timelineIds', filter.timelineIds.join(','));
      const { items, nextCursor } = await requestPage<Memory>(`/api/memories/search?${query}`);
      return { memories: items, nextCursor };
    },
  },
  archives: {
    /** memories §7: the single-memory zip, named with the time of export in the person's zone. */
    memoryUrl: (memoryId: string) => `/api/memories/${id(memoryId)}/export?${new URLSearchParams({ tz: timeZone() })}`,
    /** memories §7: every memory the person may view in the range (the preview without an active timeline). */
    memoriesInRange: (start: string, end: string) =>
      request<Memory[]>('GET', `/api/bulk-download/memories?${new URLSearchParams({ start, end })}`),
    /** DESIGN "API": one month's outer zip (month yyyy-MM in the person's zone). */
    monthUrl: (archive: { month: string; start?: string; end?: string; timelineId?: string | null }) => {
      const query = new URLSearchParams({ month: archive.month, tz: timeZone() });
      if (archive.start) query.set('start', archive.start);
      if (archive.end) query.set('end', archive.end);
      if (archive.timelineId) query.set('timelineId', archive.timelineId);
      return `/api/bulk-download/archive?${query}`;
    },
  },
  comments: {
    list: (memoryId: string) => request<Comment[]>('GET', commentsUrl(memoryId)),
    /** Where a memory's comments are created: the composer's send, and the outbox's later one (issue 26). */
    createUrl: (memoryId: string) => commentsUrl(memoryId),
    /** memories §7: the comment's form (commentForm); the composed comment's Idempotency-Key (issue 20). */
    create: (memoryId: string, comment: { content?: string; audio?: Blob; idempotencyKey?: string | null }) =>
      request<Comment>('POST', commentsUrl(memoryId), commentForm(comment), idempotencyHeaders(comment.idempotencyKey)),
    remove: (commentId: string) => request<unknown>('DELETE', `/api/comments/${id(commentId)}`),
  },
  uploads: {
    /** memories §7: where to PUT a video directly, and the finalUrl that goes in directVideoUrls. */
    presignedUrl: (body: { fileName: string; mimeType: string }) => request<PresignedUrl>('POST', '/api/upload/presigned-url', body),
  },
  audio: {
    /** memories §7: multipart field audio; answers {transcription}. `signal` stops waiting (issue 22). */
    transcribe: (audio: Blob, fileName = 'recording.webm', signal?: AbortSignal) => {
      const form = new FormData();
      form.append('audio', audio, fileName);
      return request<{ transcription: string }>('POST', '/api/audio/transcribe', form, {}, signal);
    },
  },
  /** Issue 23 (DESIGN "Storytellers (no account)"): the family's side of storytellers and their links. */
  storytellers: {
    list: (timelineId: string) => request<Storyteller[]>('GET', `/api/timelines/${id(timelineId)}/storytellers`),
    create: (timelineId: string, body: CreateStorytellerBody) => request<CreatedStoryteller>('POST', `/api/timelines/${id(timelineId)}/storytellers`, body),
    update: (storytellerId: string, body: UpdateStorytellerBody) => request<Storyteller>('PATCH', `/api/storytellers/${id(storytellerId)}`, body),
    /** The active link, shown again for "Copy link" and the printed card; null when none works. */
    link: (storytellerId: string) => orNull(request<StorytellerLink>('GET', `/api/storytellers/${id(storytellerId)}/link`)),
    /** A new link: the old one stops at once. */
    newLink: (storytellerId: string) => request<StorytellerLink>('POST', `/api/storytellers/${id(storytellerId)}/link`, {}),
    stopLink: (storytellerId: string) => request<unknown>('DELETE', `/api/storytellers/${id(storytellerId)}/link`),
  },
  questions: {
    /** Oldest first. */
    list: (timelineId: string) => request<Question[]>('GET', `/api/timelines/${id(timelineId)}/questions`),
    ask: (timelineId: string, body: AskQuestionBody) => request<Question>('POST', `/api/timelines/${id(timelineId)}/questions`, body),
    remove: (questionId: string) => request<unknown>('DELETE', `/api/questions/${id(questionId)}`),
  },
  /** Issue 24 (DESIGN "The family book (PDF)"): the caller's books; start and end are days in the person's zone. */
  books: {
    /** Newest first. */
    list: async () => (await request<BookList>('GET', '/api/books')).books,
    get: (bookId: string) => request<Book>('GET', `/api/books/${id(bookId)}`),
    /** The days are the person's zone's unless the body names one (Try again keeps the first book's). */
    create: (body: CreateBookBody) => request<CreatedBook>('POST', '/api/books', { tz: timeZone(), ...body }),
    /** A plain link's address: the browser saves the PDF itself. */
    fileUrl: (bookId: string) => `/api/books/${id(bookId)}/file`,
    remove: (bookId: string) => request<unknown>('DELETE', `/api/books/${id(bookId)}`),
  },
  /** Issue 25 (DESIGN "Yours to keep"): the caller's archives of everything they may view. */
  everythingArchives: {
    /** Newest first. */
    list: async (): Promise<EverythingArchive[]> => (await request<EverythingArchiveList>('GET', '/api/archives')).archives,
    /** One at a time: while one is being made, the server answers that one. */
    create: () => request<CreatedEverythingArchive>('POST', '/api/archives/everything', {}),
    /** A plain link's address: the browser's own download manager saves (and resumes) the zip. */
    fileUrl: (archiveId: string) => `/api/archives/${id(archiveId)}/file`,
    remove: (archiveId: string) => request<unknown>('DELETE', `/api/archives/${id(archiveId)}`),
  },
  listenLinks: {
    /** The memory's printed listen codes stop playing; a later book mints new ones. */
    stop: (memoryId: string) => request<unknown>('DELETE', `/api/memories/${id(memoryId)}/listen-links`),
  },
  people: {
    /** A person the caller shares a timeline or family with (the printed card's name). */
    get: (userId: string) => request<Member>('GET', `/api/users/${id(userId)}`),
  },
  followUp: {
    /** memories §7: a new follow-up question, never one of previousQuestions (title and prompt for a story with no text yet). */
    question: (body: FollowUpBody) => request<FollowUpQuestion>('POST', '/api/prompts/follow-up', body),
  },
};

/** Full-page navigations (accounts §4: login and logout go through the server). */
export const navigation = {
  login: (returnTo: string) => `/api/login?returnTo=${encodeURIComponent(returnTo)}`,
  logout: '/api/logout',
};

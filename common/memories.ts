// Memories as the API speaks them (memories §3 "Memory", §7; DESIGN "API"), and the fields
// of the creation form (memories §3 "Memory creation form").
import { z } from 'zod';
import { transcriptionStatus } from './audio.js';
import {
  AUDIO_DURATION_MAX_S,
  FOLLOW_UP_ANSWER_MAX,
  FOLLOW_UP_QUESTION_MAX,
  FOLLOW_UP_RESPONSES_MAX,
  MEMORY_TEXT_MAX,
  MEMORY_TITLE_MAX,
  MEMORY_VIDEOS_MAX,
} from './limits.js';
import { messages } from './messages.js';
import { pageFields } from './pages.js';
import { member } from './timelines.js';

export {
  DIRECT_VIDEO_THUMBNAILS_FIELD,
  DIRECT_VIDEO_URLS_FIELD,
  FOLLOW_UP_AUDIO_FIELD,
  FOLLOW_UP_RESPONSES_FIELD,
  MEMORY_AUDIO_DURATION_FIELD,
  MEMORY_AUDIO_FIELD,
  MEMORY_IMAGES_FIELD,
} from './memory-fields.js';

/**
 * One stored image. `url` is the display copy (at most 2048 px), `thumbnailUrl` the
 * thumbnail (at most 480 px), `originalUrl` the upload itself, EXIF stripped (DESIGN
 * "Media"). width and height are those of the display copy.
 */
export const memoryImage = z.object({
  id: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  originalUrl: z.string(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type MemoryImage = z.infer<typeof memoryImage>;

/** `thumbnailUrl` is the captured frame (at most 480 px), or null when none was sent. */
export const memoryVideo = z.object({ id: z.string(), url: z.string(), mimeType: z.string(), thumbnailUrl: z.string().nullable() });
export type MemoryVideo = z.infer<typeof memoryVideo>;

/** A spoken answer keeps its recording: audioUrl and its length in seconds, else both null. */
export const followUpResponse = z.object({
  question: z.string(),
  answer: z.string(),
  audioUrl: z.string().nullable(),
  audioDuration: z.number().nullable(),
  /** Where a spoken answer's words stand ('none' for a written one). */
  transcriptionStatus,
});
export type FollowUpResponse = z.infer<typeof followUpResponse>;

/**
 * Who sees a memory (DESIGN "Who may do what", Memory view, amended 2026-11-25): `private`
 * its creator only; `timeline` every member of its timelines, now and later; `people` the
 * members chosen (its stored sharedWith).
 */
export const AUDIENCES = ['private', 'timeline', 'people'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** An audience sent by a client; anything else is refused with one message. */
const audienceInput = z.enum(AUDIENCES, { error: messages.memoryAudienceInvalid });

/** STYLE (Outline's policies): what the caller may do, from the same rules the server applies. */
export const memoryAbilities = z.object({ canEdit: z.boolean(), canDelete: z.boolean(), canShare: z.boolean() });
export type MemoryAbilities = z.infer<typeof memoryAbilities>;

export const memory = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  transcription: z.string(),
  /** Where the words of the memory's voice stand ('none' without one). */
  transcriptionStatus,
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  userId: z.string(),
  familyId: z.string().nullable(),
  audioUrl: z.string().nullable(),
  /** The recording's length in seconds when the recorder sent it, else null. */
  audioDuration: z.number().nullable(),
  timelineIds: z.array(z.string()),
  /**
   * Always holds the creator (memories §6: "the list sent always includes the current user").
   * For a `timeline` memory: the creator and every member of its timelines now.
   */
  sharedWith: z.array(z.string()),
  audience: z.enum(AUDIENCES),
  images: z.array(memoryImage),
  videos: z.array(memoryVideo),
  followUpResponses: z.array(followUpResponse),
  creator: member,
  abilities: memoryAbilities,
});
export type Memory = z.infer<typeof memory>;

/** A JSON list of ids in a text field (memories §3: sharedWith and timelineIds). */
const idList = (field: string) =>
  z
    .string({ error: messages.memoryIdListInvalid(field) })
    .transform((text, context) => {
      if (text.trim() === '') return [];
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed) && parsed.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 100)) {
          return [...new Set(parsed as string[])];
        }
      } catch {
        // Falls through to the refusal below.
      }
      context.addIssue({ code: 'custom', message: messages.memoryIdListInvalid(field) });
      return z.NEVER;
    });

const text = z.string().max(MEMORY_TEXT_MAX, { error: messages.memoryTextTooLong }).default('');

/** Seconds of a recording, as the recorder measured them. */
const seconds = (error: string) => z.number({ error }).min(0, { error }).max(AUDIO_DURATION_MAX_S, { error });

/** A number in a text field; blank is absent (a form may send the field empty). */
const secondsField = z
  .string({ error: messages.audioDurationInvalid })
  .optional()
  .transform((value, context) => {
    if (value === undefined || value.trim() === '') return null;
    const parsed = seconds(messages.audioDurationInvalid).safeParse(Number(value));
    if (parsed.success) return parsed.data;
    context.addIssue({ code: 'custom', message: messages.audioDurationInvalid });
    return z.NEVER;
  });

/** One answered follow-up question as the wizard sends it (FOLLOW_UP_RESPONSES_FIELD). */
export const followUpResponseInput = z
  .object(
    {
      question: z
        .string({ error: messages.followUpResponseQuestionInvalid })
        .trim()
        .min(1, { error: messages.followUpResponseQuestionInvalid })
        .max(FOLLOW_UP_QUESTION_MAX, { error: messages.followUpResponseQuestionInvalid }),
      answer: z.string({ error: messages.followUpResponseAnswerInvalid }).max(FOLLOW_UP_ANSWER_MAX, { error: messages.followUpResponseAnswerInvalid }),
      hasAudio: z.boolean({ error: messages.followUpResponseHasAudioInvalid }),
      audioDuration: seconds(messages.followUpResponseDurationInvalid).nullable().optional(),
    },
    { error: messages.followUpResponsesInvalid },
  )
  // A length without a recording is a client's mistake worth hearing about, not a number to keep.
  .refine((response) => response.hasAudio || response.audioDuration == null, { error: messages.followUpResponseDurationInvalid })
  .transform(({ audioDuration, ...response }) => ({ ...response, audioDuration: response.hasAudio ? (audioDuration ?? null) : null }));
export type FollowUpResponseInput = z.infer<typeof followUpResponseInput>;

const followUpResponsesList = z
  .array(followUpResponseInput, { error: messages.followUpResponsesInvalid })
  .max(FOLLOW_UP_RESPONSES_MAX, { error: messages.followUpResponsesTooMany });

/** The JSON list in its text field; blank is none. */
const followUpResponsesField = z
  .string({ error: messages.followUpResponsesInvalid })
  .optional()
  .transform((value, context) => {
    if (value === undefined || value.trim() === '') return [];
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: messages.followUpResponsesInvalid });
      return z.NEVER;
    }
  })
  .pipe(followUpResponsesList);

/**
 * The text fields of POST /api/memories. The server requires a title and a timeline; the
 * wizard's "at least one content source" (memories §5) is the client's rule, since a
 * memory of only a title is still a memory. Follow-up "Q: … A: …" blocks arrive inside
 * `content` and are stored as given.
 */
export const createMemoryFields = z.object({
  title: z
    .string({ error: messages.captureMissingTitleDetail })
    .trim()
    .min(1, { error: messages.captureMissingTitleDetail })
    .max(MEMORY_TITLE_MAX, { error: messages.memoryTitleTooLong }),
  content: text,
  transcription: text,
  sharedWith: idList('sharedWith').default([]),
  /** Optional: without it the server reads the audience off sharedWith (the contract's no-audience rule). */
  audience: z
    .string({ error: messages.memoryAudienceInvalid })
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value))
    .pipe(audienceInput.optional()),
  timelineIds: idList('timelineIds')
    .optional()
    .transform((ids) => ids ?? [])
    .pipe(z.array(z.string()).min(1, { error: messages.memoryTimelineRequired })),
  directVideoUrls: z
    .array(z.string().max(2000, { error: messages.videoUploadNotFound }))
    .max(MEMORY_VIDEOS_MAX, { error: messages.maxVideosReached })
    .default([]),
  /** MEMORY_AUDIO_DURATION_FIELD: seconds of the `audio` file; null when not sent. */
  audioDuration: secondsField,
  /** FOLLOW_UP_RESPONSES_FIELD: the n-th with hasAudio is recorded by the n-th FOLLOW_UP_AUDIO_FIELD file. */
  followUpResponses: followUpResponsesField,
});
export type CreateMemoryFields = z.infer<typeof createMemoryFields>;

/** A JSON list of ids in a body: unique, each a short non-empty string. */
const idArray = (field: string) =>
  z
    .array(z.string().min(1).max(100), { error: messages.memoryIdListInvalid(field) })
    .max(1000, { error: messages.memoryIdListInvalid(field) })
    .transform((ids) => [...new Set(ids)]);

/** memories §7 PATCH /api/memories/{id}/timelines: at least one (memories §5). */
export const memoryTimelinesBody = z.object({
  timelineIds: idArray('timelineIds').pipe(z.array(z.string()).min(1, { error: messages.memoryTimelineRequired })),
});
export type MemoryTimelinesBody = z.infer<typeof memoryTimelinesBody>;

/** memories §7 POST /api/memories/{id}/share: the creator is kept whether or not it is sent (§6). */
export const shareMemoryBody = z.object({ userIds: idArray('userIds'), audience: audienceInput.optional() });
export type ShareMemoryBody = z.infer<typeof shareMemoryBody>;

/**
 * GET /api/timelines/{id}/memories (memories §7 plus DESIGN's pagination). Without `limit`
 * the answer is the spec's plain list; with it, one page `{memories, nextCursor}`.
 */
export const timelineMemoriesQuery = z.object({
  start: z.iso.datetime({ offset: true, error: messages.dateInvalid('start') }).optional(),
  end: z.iso.datetime({ offset: true, error: messages.dateInvalid('end') }).optional(),
  ...pageFields,
});
export type TimelineMemoriesQuery = z.infer<typeof timelineMemoriesQuery>;

export const memoryPage = z.object({ memories: z.array(memory), nextCursor: z.string().nullable() });
export type MemoryPage = z.infer<typeof memoryPage>;

/** GET /api/timelines/{id}/memory-days?tz=: the days (yyyy-MM-dd in tz) that hold visible memories. */
export const memoryDays = z.object({ days: z.array(z.string()) });
export type MemoryDays = z.infer<typeof memoryDays>;

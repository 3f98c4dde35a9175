// The multipart field names of POST /api/memories (memories §3 "Memory creation form") as plain
// constants, without zod, so a page that only sends a memory (the storyteller's, issue 23) need
// not load the schema library; common/memories.ts gives them to everyone else.

/** The multipart fields of POST /api/memories that carry files (memories §3). */
export const MEMORY_IMAGES_FIELD = 'images';
export const MEMORY_AUDIO_FIELD = 'audio';
/** The repeated text field naming videos already sent through the direct-upload flow. */
export const DIRECT_VIDEO_URLS_FIELD = 'directVideoUrls';
/**
 * DESIGN "Media": a video's thumbnail is the frame the browser captured (memories §2) and
 * travels with it. Repeated file field; the n-th file belongs to the n-th directVideoUrls
 * entry. A client that could not capture a frame sends none, and that video has no
 * thumbnailUrl.
 */
export const DIRECT_VIDEO_THUMBNAILS_FIELD = 'directVideoThumbnails';
/** The memory recording's length in seconds, as the recorder measured it (a text field). */
export const MEMORY_AUDIO_DURATION_FIELD = 'audioDuration';
/**
 * DESIGN "Voice is never dropped": the answered follow-up questions as a JSON list of
 * {question, answer, hasAudio, audioDuration?} (a text field, sent with the other fields
 * before any file). The "Q: … A: …" blocks still go inside `content` as the spec says.
 */
export const FOLLOW_UP_RESPONSES_FIELD = 'followUpResponses';
/** Repeated file field: the n-th file is the recording of the n-th response with hasAudio. */
export const FOLLOW_UP_AUDIO_FIELD = 'followUpAudio';

// Every number the spec fixes, in one place for the server and the web.

/** accounts §5: display name is required after trimming, at most 50 characters. */
export const DISPLAY_NAME_MAX = 50;

/** DESIGN "Security and durability": passwords are 8 to 128 characters. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** accounts §9: the bell polls the unread count every 30 s and caps its badge at "9+". */
export const UNREAD_POLL_MS = 30_000;
export const BADGE_CAP = 9;

/** accounts §9: default reminder time. */
export const DEFAULT_REMINDER_TIME = '18:00';

/** accounts §9: the mobile width threshold. */
export const MOBILE_WIDTH = 768;

/** DESIGN "Security and durability": 10 failed sign-ins per account and per address in 15 minutes. */
export const SIGN_IN_FAILURE_LIMIT = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60_000;

/** DESIGN "E-mail (optional)": a password reset link works for one hour, once. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/**
 * Reset mails per account and hour: enough for a person who asks again, not a way to flood a
 * mailbox. Past it the answer is still 202 (nothing tells an address apart), and no mail goes.
 */
export const PASSWORD_RESET_MAILS_PER_HOUR = 3;
/** Reset requests per client address and hour, answered 429 beyond (they say nothing of any account). */
export const PASSWORD_RESET_REQUESTS_PER_ADDRESS_HOUR = 20;

/** DESIGN "Data model": sessions last 30 days and slide with use. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60_000;

/** DESIGN "AI": a chat model that has not answered in 8 s gives way to the built-in engine. */
export const AI_TIMEOUT_MS = 8_000;

/**
 * issue 19: calls that reach the operator's AI services, per user and rolling hour, counted in
 * the database so every instance agrees (server/ai-limits). Sized for the heaviest honest use:
 * a capture session records a story and may re-record it a few times, so 30 transcriptions an
 * hour are several full sessions; the wizard asks a follow-up question after each answer, and
 * 60 an hour is ten memories of six questions each; a person browsing prompts taps Refresh a
 * handful of times, so 30 leaves room. Past these the calls cost the operator, not the family.
 */
export const AI_CALL_LIMITS = {
  transcription: { calls: 30, windowMs: 60 * 60_000 },
  followUp: { calls: 60, windowMs: 60 * 60_000 },
  promptRefresh: { calls: 30, windowMs: 60 * 60_000 },
} as const;
export type AiCallKind = keyof typeof AI_CALL_LIMITS;

/** DESIGN "AI": the built-in library holds at least 300 prompts of each kind. */
export const PROMPT_LIBRARY_MIN = 300;

/** accounts §3, §5: a timeline name is required after trimming; 100 characters is our ceiling. */
export const TIMELINE_NAME_MAX = 100;
export const TIMELINE_DESCRIPTION_MAX = 500;
export const TIMELINE_ICON_MAX = 50;

/** accounts §5, §9: a profile image must be under 5 MB (5 × 1024 × 1024 bytes or more is refused). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** accounts §9: the Extras coming-soon toast stays 3 s. */
export const COMING_SOON_TOAST_MS = 3_000;

/** accounts §4 and §9: onboarding screens appear 0.5 s after arrival, 0.3 s after a finished step. */
export const ONBOARDING_DELAY_MS = 500;
export const ONBOARDING_FOLLOW_UP_DELAY_MS = 300;

// ---- Capture wizard, voice recorder, memory cards and uploads (memories §4, §5, §9) ----

/** memories §5, §9: at most 3 photos per memory; extra chosen files are dropped. */
export const CAPTURE_IMAGES_MAX = 3;
/** memories §5, §9: the capture wizard takes 1 video (the edit view allows 2). */
export const CAPTURE_VIDEOS_MAX = 1;

/** memories §4, §9: the voice recorder starts 0.5 s after it opens and stops at 10 minutes. */
export const RECORDER_AUTO_START_MS = 500;
export const RECORDING_MAX_MS = 10 * 60_000;
/** memories §2, §9: a warning shows in the final 30 s of a recording. */
export const RECORDING_WARNING_MS = 30_000;
/** memories §9: audio/webm at 128 kbps, a data chunk every 1 s. */
export const RECORDING_MIME_TYPE = 'audio/webm';
export const RECORDING_BITS_PER_SECOND = 128_000;
export const RECORDING_TIMESLICE_MS = 1_000;
/** memories §4, §9: the recorder stops 100 ms after the stop request. */
export const RECORDER_STOP_DELAY_MS = 100;
/** memories §4, §9: a follow-up answer recording stops itself after 30 s. */
export const FOLLOW_UP_ANSWER_MAX_MS = 30_000;

/** memories §4, §9: the transcription estimate, from the recording's size, lies between 3 and 30 s. */
export const TRANSCRIPTION_ESTIMATE_MIN_S = 3;
export const TRANSCRIPTION_ESTIMATE_MAX_S = 30;
/** Our rate for that estimate: one second of waiting per 50 kB of audio (~3 s of speech at 128 kbps). */
export const TRANSCRIPTION_BYTES_PER_SECOND = 50_000;
/** memories §4, §9: the progress bar waits at 90 percent until the answer arrives. */
export const TRANSCRIPTION_PROGRESS_CAP = 90;

/** memories §4, §9: the follow-up question is asked 300 ms after Yes, typed at 25 ms per character after 300 ms. */
export const FOLLOW_UP_REQUEST_DELAY_MS = 300;
export const FOLLOW_UP_TYPING_DELAY_MS = 300;
export const FOLLOW_UP_TYPING_MS_PER_CHAR = 25;

/** memories §2, §9: the video thumbnail frame: 25 % of the duration, at most 3 s, 2 s when unknown. */
export const THUMBNAIL_DURATION_SHARE = 0.25;
export const THUMBNAIL_MAX_TIME_S = 3;
export const THUMBNAIL_UNKNOWN_TIME_S = 2;
export const THUMBNAIL_FALLBACK_MS = 3_000;
export const THUMBNAIL_JPEG_QUALITY = 0.8;

/** memories §2, §9: snippet lengths of the compact and full memory cards. */
export const SNIPPET_COMPACT_MAX = 100;
export const SNIPPET_FULL_MAX = 80;

/** memories §7, §9: POST /api/memories: 5-minute timeout, one retry after 2 s × attempt. */
export const MEMORY_POST_TIMEOUT_MS = 300_000;
export const MEMORY_POST_RETRIES = 1;
export const UPLOAD_RETRY_DELAY_MS = 2_000;
/** memories §9: the generic upload helper retries twice unless told otherwise. */
export const UPLOAD_DEFAULT_RETRIES = 2;
/** accounts §7, §9: a family invite's accept retries up to 3 times, 1 s doubling, capped at 30 s. */
export const FAMILY_ACCEPT_RETRIES = 3;
export const FAMILY_ACCEPT_RETRY_FIRST_MS = 1_000;
export const FAMILY_ACCEPT_RETRY_CAP_MS = 30_000;
/** accounts §7, §9: a timeline invite's detail load retries once after 1 s. */
export const INVITE_DETAIL_RETRIES = 1;
export const INVITE_DETAIL_RETRY_DELAY_MS = 1_000;
/** memories §7, §9: the direct (presigned) video upload times out after 10 minutes. */
export const DIRECT_VIDEO_UPLOAD_TIMEOUT_MS = 600_000;

// ---- Audio, transcription and follow-up questions (DESIGN "Media", "AI"; memories §7) ----

/** DESIGN "Media": an audio recording may be up to 50 MB (50 × 1024 × 1024 bytes); more is 413. */
export const AUDIO_MAX_BYTES = 50 * 1024 * 1024;
/** How long a speech-to-text server may take over one recording: 10 minutes of speech (§9) take a slow CPU model a while. */
export const TRANSCRIPTION_TIMEOUT_MS = 120_000;
/** POST /api/prompts/follow-up: the memory text considered, and how many earlier questions may be sent. */
export const FOLLOW_UP_CONTENT_MAX = 20_000;
export const FOLLOW_UP_PREVIOUS_MAX = 50;
/** One earlier question; ours are one sentence, so this is generous. */
export const FOLLOW_UP_QUESTION_MAX = 500;
// server-voice (issue 9 "Voice"): the follow-up answers sent with a new memory.
/** As many answers as questions can be asked: previousQuestions holds at most 50, so 51. */
export const FOLLOW_UP_RESPONSES_MAX = FOLLOW_UP_PREVIOUS_MAX + 1;
/** One typed answer; a spoken one is a placeholder until its words arrive. Our ceiling. */
export const FOLLOW_UP_ANSWER_MAX = 10_000;
/** A recording's length as the recorder measured it: the recorder stops at 10 minutes; an hour is sane. */
export const AUDIO_DURATION_MAX_S = 3_600;

/** memories §3 (capture): a title is required after trimming; 200 characters is our ceiling. */
export const MEMORY_TITLE_MAX = 200;
/**
 * Notes and transcription, each: a size a person writes or speaks (10 minutes of speech are
 * about 1 500 words, 10 000 characters), with room for the follow-up "Q: … A: …" blocks the
 * notes carry (memories §3). Issue 19 "Memory and size": at 100 000 each, lists of memories
 * grew past what a server holds; every list now streams, and this keeps one memory small.
 * It also sets the multipart field size of both memory forms.
 */
export const MEMORY_TEXT_MAX = 50_000;
/** memories §3 "Comment": a comment's text; our ceiling, far above any conversation. */
export const COMMENT_TEXT_MAX = 10_000;
/** memories §5 (tag input): our ceilings, generous for a family's labels. */
export const MEMORY_TAGS_MAX = 30;
export const MEMORY_TAG_MAX = 50;
/** memories §5, §9: the earliest year a memory's date may have (the latest is today). */
export const MEMORY_EARLIEST_YEAR = 1900;
/** The timeline page loads 20 memories at a time as the person scrolls (issue 8: 10 000 open as fast as 10). */
export const TIMELINE_PAGE_SIZE = 20;
/**
 * The largest page a list gives (its `limit`, common/pages.ts): a timeline's memories, every
 * memory, search, the bulk preview and a memory's comments. The bulk preview of a timeline
 * reads whole ranges in pages of it.
 */
export const PAGE_LIMIT_MAX = 100;
/** memories §4, §9: the timeline tooltip appears 1.5 s after the first memory exists. */
export const TIMELINE_TOOLTIP_DELAY_MS = 1_500;
/** memories §9: 2 videos per memory (the edit view; the wizard sends 1, CAPTURE_VIDEOS_MAX). */
export const MEMORY_VIDEOS_MAX = 2;
/** DESIGN "Media": an image may be 25 MB and a video 250 MB (memories §5); 413 above. */
export const MEMORY_IMAGE_MAX_BYTES = 25 * 1024 * 1024;
export const MEMORY_VIDEO_MAX_BYTES = 250 * 1024 * 1024;
/** DESIGN "Media": each image is kept as the original plus a display copy and a thumbnail. */
export const IMAGE_DISPLAY_MAX_PX = 2048;
export const IMAGE_THUMBNAIL_MAX_PX = 480;
/**
 * The most pixels an uploaded image may have (width × height, read from its header before any
 * decode): a 48-megapixel phone photo (8000 × 6000) and an 8000 × 8000 scan are taken, larger
 * ones are refused in words that name the file (issue 19 "Memory and size": a 1.1 MB request
 * of three 7990 × 7990 JPEGs took the server from 119 to 812 MB).
 */
export const IMAGE_MAX_INPUT_PIXELS = 64_000_000;
/**
 * issue 19: images turned into copies at once, process-wide (photos, video frames, avatars);
 * the rest wait in order, their uploads already whole in a temporary file, so a slow phone
 * holds no turn. Each turn costs one of libuv's four threads and a decoder's memory.
 */
export const IMAGE_DECODES_AT_ONCE = 2;
/**
 * A photo whose cleaned original holds its whole picture in memory (turned upright, or written
 * by an encoder that takes whole pictures: WebP, AVIF, GIF) at 3 bytes a pixel or more takes
 * every turn above this size: 64 megapixels turned upright measured 201 MB on their own.
 */
export const IMAGE_DECODE_ALONE_PX = 16_000_000;

/** DESIGN "Edge decisions": a direct-upload ticket (or signed S3 POST form) lives one hour. */
export const DIRECT_UPLOAD_TTL_MS = 60 * 60_000;

/** memories §9 "Toasts": one at a time, shown 5000 ms unless a rule says otherwise (legible). */
export const TOAST_DURATION_MS = 5_000;

/** memories §5, §9 "Search": at least 2 characters; words of 1 character are ignored. */
export const SEARCH_MIN_LENGTH = 2;
/** Longer queries are refused: a search box, not a document (and the index's work grows with it). */
export const SEARCH_MAX_LENGTH = 200;
/** memories §9: results cached one minute, typing debounced 500 ms. */
export const SEARCH_CACHE_MS = 60_000;
export const SEARCH_DEBOUNCE_MS = 500;
/** Search results come 20 at a time: a broad word over a large family finds tens of thousands. */
export const SEARCH_PAGE_SIZE = 20;
/** memories §9: 500 ms between one month's archive and the next. */
export const BULK_MONTH_PAUSE_MS = 500;
/** memories §9: the metadata.json of a single-memory export says version '1.0'. */
export const EXPORT_METADATA_VERSION = '1.0';

// issue 23 "Storytellers": a family's question is a sentence or two, read aloud on an old phone.
export const QUESTION_TEXT_MAX = 500;

/** DESIGN "Storytellers (no account)": unknown tell links count against the address, 429 after 20 in 10 minutes. */
export const TELL_GUESS_LIMIT = 20;
export const TELL_GUESS_WINDOW_MS = 10 * 60_000;

// issue 24 "The family book": a title fits the cover and a running head.
export const BOOK_TITLE_MAX = 120;
/** A book spans at most this many days (a few decades of a life; the contents page stays a few pages). */
export const BOOK_RANGE_DAYS_MAX = 366 * 100;
/** How often the web asks a rendering book's progress. */
export const BOOK_PROGRESS_POLL_MS = 2_000;
/**
 * How often Download everything asks while an archive is made (issue 25): often enough that the
 * bar moves, rarely enough that a page left open beside a 20 GB export costs the server nothing.
 */
export const EVERYTHING_ARCHIVE_POLL_MS = 2_500;
/** The smallest a listen code prints (issue 24: vector, at least 2 cm). */
export const LISTEN_CODE_MIN_CM = 2;

// issue 26: memories waiting in the outbox (web/src/features/outbox).
/**
 * A waiting memory's video, once in storage, is named again by later attempts for this long;
 * after it the video goes up again. server/uploads sweeps an upload no memory claimed after
 * 24 hours (STALE_UPLOAD_MS); half that leaves room for a slow send and a wrong clock.
 */
export const OUTBOX_VIDEO_UPLOAD_KEPT_MS = 12 * 60 * 60_000;
// issue 26 "Offline": the installed app's service worker (web/src/sw).
/** A weak signal must not hang the open: after this long the last-seen page and answers are shown. */
export const OFFLINE_NETWORK_TIMEOUT_SECONDS = 4;
/** A part of the app whose code did not arrive is asked for again after this long, or as soon as the connection returns (web/src/lib/lazyLoaded.ts). */
export const CODE_RETRY_MS = 3_000;
/** The longest the first screen's later answers wait for its paint: a hidden tab paints no frame (web/src/lib/firstPaint.ts). */
export const FIRST_PAINT_HOLD_MAX_MS = 1_000;
/** Last-seen photos kept for offline use: at most this many, none older than this. */
export const OFFLINE_MEDIA_MAX_ENTRIES = 400;
export const OFFLINE_MEDIA_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

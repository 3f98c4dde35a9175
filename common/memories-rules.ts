// Pure rules of the memory side (memories §2, §3, §4, §9): card snippets, follow-up blocks,
// the video thumbnail frame, the transcription estimate and how dates and media paths read.
import {
  RECORDING_MAX_MS,
  RECORDING_WARNING_MS,
  THUMBNAIL_DURATION_SHARE,
  THUMBNAIL_MAX_TIME_S,
  THUMBNAIL_UNKNOWN_TIME_S,
  TRANSCRIPTION_BYTES_PER_SECOND,
  TRANSCRIPTION_ESTIMATE_MAX_S,
  TRANSCRIPTION_ESTIMATE_MIN_S,
  TRANSCRIPTION_PROGRESS_CAP,
} from './limits.js';

/**
 * Whether a memory has a voice to play: its own recording or a spoken follow-up answer (what a
 * book's listen code plays, and so whether its teller may stop codes).
 */
export function hasVoice(memory: { audioUrl: string | null; followUpResponses: readonly { audioUrl?: string | null }[] }): boolean {
  return memory.audioUrl !== null || memory.followUpResponses.some((response) => response.audioUrl != null);
}

/** One answered follow-up question (memories §3). */
export interface FollowUpPair {
  question: string;
  answer: string;
}

/** What a snippet is drawn from; the API's followUpResponses are `{question, answer}`. */
export interface SnippetSource {
  transcription?: string | null;
  content?: string | null;
  followUpResponses?: ReadonlyArray<{ answer?: string | null } | string> | null;
}

/** memories §2: transcription, then content, then the first follow-up response. */
export function snippetText(memory: SnippetSource): string {
  const first = memory.followUpResponses?.[0];
  const firstAnswer = typeof first === 'string' ? first : first?.answer;
  return memory.transcription?.trim() || memory.content?.trim() || firstAnswer?.trim() || '';
}

/** memories §2: up to `max` characters (100 compact, 80 full), "..." when cut. */
export function memorySnippet(memory: SnippetSource, max: number): string {
  const text = snippetText(memory);
  return text.length > max ? `${text.slice(0, max).trimEnd()}...` : text;
}

/** memories §3: answered pairs as 'Q: ... A: ...' blocks separated by blank lines. */
export function followUpBlocks(pairs: readonly FollowUpPair[]): string {
  return pairs
    .filter((pair) => pair.question.trim() && pair.answer.trim())
    .map((pair) => `Q: ${pair.question.trim()}\nA: ${pair.answer.trim()}`)
    .join('\n\n');
}

/** The content sent for a new memory: the notes, then the follow-up blocks after a blank line. */
export function contentWithFollowUps(notes: string, pairs: readonly FollowUpPair[]): string {
  return [notes.trim(), followUpBlocks(pairs)].filter(Boolean).join('\n\n');
}

/** memories §2, §9: the thumbnail frame is at 25 % of the duration, at most 3 s, 2 s when unknown. */
export function thumbnailTime(durationSeconds: number | null | undefined): number {
  if (durationSeconds === null || durationSeconds === undefined || !Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    return THUMBNAIL_UNKNOWN_TIME_S;
  }
  return Math.min(durationSeconds * THUMBNAIL_DURATION_SHARE, THUMBNAIL_MAX_TIME_S);
}

/** memories §4, §9: the expected transcription time in seconds, from the recording's size, 3 to 30 s. */
export function transcriptionEstimateSeconds(bytes: number): number {
  const seconds = Math.max(0, bytes) / TRANSCRIPTION_BYTES_PER_SECOND;
  return Math.min(TRANSCRIPTION_ESTIMATE_MAX_S, Math.max(TRANSCRIPTION_ESTIMATE_MIN_S, seconds));
}

/** memories §4: percent shown after `elapsedMs`, held at 90 until the answer arrives. */
export function transcriptionProgress(elapsedMs: number, estimateSeconds: number): number {
  const percent = (Math.max(0, elapsedMs) / (estimateSeconds * 1000)) * 100;
  return Math.min(TRANSCRIPTION_PROGRESS_CAP, Math.round(percent));
}

/**
 * memories §2, §9: the seconds left, shown as a warning in the final 30 s of a recording that
 * stops at `maxMs` (10 minutes); null before that. The app's recorder and the storyteller's page.
 */
export function recordingWarningSeconds(elapsedMs: number, maxMs: number = RECORDING_MAX_MS): number | null {
  const remainingMs = maxMs - elapsedMs;
  if (remainingMs > RECORDING_WARNING_MS) return null;
  return Math.max(0, Math.ceil(remainingMs / 1000));
}

/** memories §2: elapsed recording time as mm:ss. */
export function formatElapsed(milliseconds: number): string {
  const total = Math.max(0, Math.floor(milliseconds / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function clock(date: Date): string {
  const hours = date.getHours() % 12 || 12;
  return `${hours}:${String(date.getMinutes()).padStart(2, '0')} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** memories §4: 'Today at h:mm a', 'Yesterday at h:mm a', otherwise 'MMM d, yyyy' (local time). */
export function relativeMemoryDate(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return `Today at ${clock(date)}`;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (sameDay(date, yesterday)) return `Yesterday at ${clock(date)}`;
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/**
 * memories §7: a media path that is not a full URL becomes /uploads/{name}; an absolute path
 * with a server workspace prefix is cut to start at /uploads/. The one way a media address is
 * made: the server gives a storage key (`uploads/{uuid}.mp4` too: a key's folder is not a
 * prefix) its address with it, the web reads what it was sent with it. No file, no address.
 */
export function mediaUrl(path: string): string;
export function mediaUrl(path: string | null | undefined): string | null;
export function mediaUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|blob:|data:)/i.test(path)) return path;
  const at = path.indexOf('/uploads/');
  if (at >= 0) return path.slice(at);
  return `/uploads/${path.replace(/^\/+/, '')}`;
}

/** memories §3: an image is a plain path or an object with imageUrl or url (thumbnailUrl when asked). */
export type MemoryImageRef = string | { thumbnailUrl?: string | null; url?: string | null; imageUrl?: string | null };
export function imageUrlOf(image: MemoryImageRef, preferThumbnail = false): string | null {
  if (typeof image === 'string') return image ? mediaUrl(image) : null;
  const path = (preferThumbnail ? image.thumbnailUrl : null) ?? image.url ?? image.imageUrl ?? image.thumbnailUrl;
  return path ? mediaUrl(path) : null;
}

/** memories §3: a video is a plain path or an object with url, videoUrl or video_url. */
export type MemoryVideoRef = string | { url?: string | null; videoUrl?: string | null; video_url?: string | null };
export function videoUrlOf(video: MemoryVideoRef): string | null {
  if (typeof video === 'string') return video ? mediaUrl(video) : null;
  const path = video.url ?? video.videoUrl ?? video.video_url;
  return path ? mediaUrl(path) : null;
}

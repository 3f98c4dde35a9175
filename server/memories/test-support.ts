// Test helpers for memories: the creation form as the wizard sends it, and small files whose
// bytes are what they claim (a WAV recording, an MP4 video).
import type { FormPart } from '../media/test-support.js';

const u32le = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const u32be = (value: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
};

/** A mono 8 kHz 16-bit WAV of `samples` samples of a varying tone. */
export function wavBytes(samples = 8000): Buffer {
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) data.writeInt16LE(Math.round(Math.sin(i / 9) * 8000), i * 2);
  const format = Buffer.concat([Buffer.from([1, 0, 1, 0]), u32le(8000), u32le(16000), Buffer.from([2, 0, 16, 0])]);
  return Buffer.concat([Buffer.from('RIFF'), u32le(36 + data.length), Buffer.from('WAVEfmt '), u32le(16), format, Buffer.from('data'), u32le(data.length), data]);
}

/** An MP4 (an `ftyp` box of brand isom and an `mdat` of patterned bytes), as a phone's video begins. */
export function mp4Bytes(size = 20_000): Buffer {
  const ftyp = Buffer.concat([u32be(24), Buffer.from('ftypisom'), u32be(512), Buffer.from('isomiso2')]);
  const body = Buffer.from(Array.from({ length: size - ftyp.length - 8 }, (_, i) => (i * 7) % 251));
  return Buffer.concat([ftyp, u32be(body.length + 8), Buffer.from('mdat'), body]);
}

export const imageFile = (data: Buffer, filename = 'photo.png', type = 'image/png'): FormPart => ({ name: 'images', filename, type, data });
export const videoThumbnailFile = (data: Buffer, filename = 'thumbnail.jpg', type = 'image/jpeg'): FormPart => ({ name: 'directVideoThumbnails', filename, type, data });
export const audioFile = (data: Buffer, filename = 'recording.wav', type = 'audio/wav'): FormPart => ({ name: 'audio', filename, type, data });
/** The recording of a follow-up answer given by voice (FOLLOW_UP_AUDIO_FIELD). */
export const followUpAudioFile = (data: Buffer, filename = 'answer.wav', type = 'audio/wav'): FormPart => ({ name: 'followUpAudio', filename, type, data });

/** One answered follow-up question as the wizard sends it in FOLLOW_UP_RESPONSES_FIELD. */
export interface FollowUpSent {
  question: string;
  answer: string;
  hasAudio: boolean;
  audioDuration?: number | null;
}

/** The text fields of a memory: a title and one timeline unless told otherwise. */
export function memoryFields(fields: {
  title?: string;
  content?: string;
  transcription?: string;
  timelineIds?: string[] | null;
  sharedWith?: string[];
  directVideoUrls?: string[];
  /** Seconds of the `audio` recording, as text (MEMORY_AUDIO_DURATION_FIELD). */
  audioDuration?: string;
  /** The list, or the field's raw text to send as it is. */
  followUpResponses?: FollowUpSent[] | string;
}): FormPart[] {
  const parts: FormPart[] = [{ name: 'title', value: fields.title ?? 'Summer at the lake' }];
  if (fields.content !== undefined) parts.push({ name: 'content', value: fields.content });
  if (fields.transcription !== undefined) parts.push({ name: 'transcription', value: fields.transcription });
  if (fields.sharedWith) parts.push({ name: 'sharedWith', value: JSON.stringify(fields.sharedWith) });
  if (fields.timelineIds) parts.push({ name: 'timelineIds', value: JSON.stringify(fields.timelineIds) });
  for (const url of fields.directVideoUrls ?? []) parts.push({ name: 'directVideoUrls', value: url });
  if (fields.audioDuration !== undefined) parts.push({ name: 'audioDuration', value: fields.audioDuration });
  if (fields.followUpResponses !== undefined) {
    const value = typeof fields.followUpResponses === 'string' ? fields.followUpResponses : JSON.stringify(fields.followUpResponses);
    parts.push({ name: 'followUpResponses', value });
  }
  return parts;
}

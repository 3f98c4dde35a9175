// Test helpers for archives: a zip read back entry by entry (yauzl), and a memory holding
// every kind of file, made through the real API as the wizard and the detail dialog make it.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import type { Memory } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { webmRecording } from '../audio/test-recordings.js';
import { contentPart, voicePart } from '../comments/test-support.js';
import { formBody, imageOf, type FormPart } from '../media/test-support.js';
import { audioFile, followUpAudioFile, imageFile, memoryFields, mp4Bytes, wavBytes } from '../memories/test-support.js';
import type { TestApp } from '../test/app.js';
import { makeDirectUpload, type MadeUser } from '../test/factories.js';

export interface UnzippedEntry {
  name: string;
  bytes: Buffer;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Whether the CRC-32 the zip records is that of the bytes. */
  crcMatches: boolean;
}

/** Every entry of `zip` in the order it holds them; yauzl checks sizes and names as it reads. */
export async function unzip(zip: Buffer): Promise<UnzippedEntry[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true });
  const entries: UnzippedEntry[] = [];
  for await (const entry of file.eachEntry()) {
    const bytes = await buffer(await file.openReadStreamPromise(entry));
    entries.push({ name: entry.fileName, bytes, method: entry.compressionMethod, crcMatches: crc32(bytes) === entry.crc32 });
  }
  return entries;
}

/**
 * Info-ZIP's own test of `zip` (`unzip -t`, STACK-NOTES: the Debian package unzip): every
 * entry's CRC-32 checked by a reader that shares no code with ours. Throws on any fault.
 */
export function testWithInfoZip(zip: Buffer): void {
  // CI installs unzip (.ci/run); a newcomer's `npm test` on a machine without it still
  // checks every CRC through yauzl (`unzip` above), and is told what it skipped.
  if (!infoZipInstalled()) {
    console.warn('unzip is not installed: the Info-ZIP check of archives is skipped (apt-get install unzip)');
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'heirloom-unzip-'));
  try {
    writeFileSync(join(folder, 'archive.zip'), zip);
    execFileSync('unzip', ['-tqq', 'archive.zip'], { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

let installed: boolean | undefined;
const infoZipInstalled = () => (installed ??= spawnSync('unzip', ['-v'], { stdio: 'ignore' }).status === 0);

/** The media entries of a full memory's archive (makeFullMemory), in the order they are written. */
export const FULL_MEMORY_MEDIA = [
  'media/images/image_1.png',
  'media/images/image_2.gif',
  'media/videos/video_1.mp4',
  'media/audio/memory_recording.wav',
  'media/audio/follow_up_answer_2.wav',
  'media/comment_audio/comment_2.webm',
];
/** Every entry of a full memory's archive: the two text files, then its media. */
export const FULL_MEMORY_ENTRIES = ['metadata.json', 'memory_content.txt', ...FULL_MEMORY_MEDIA];

export const entryNames = (entries: UnzippedEntry[]) => entries.map((entry) => entry.name);
export const entryBytes = (entries: UnzippedEntry[], name: string) => entries.find((entry) => entry.name === name)?.bytes;
export const entryJson = (entries: UnzippedEntry[], name: string): unknown => JSON.parse(entryBytes(entries, name)!.toString('utf8'));

/** The bytes of every file a full memory was made with. */
export interface MemoryFiles {
  png: Buffer;
  gif: Buffer;
  mp4: Buffer;
  recording: Buffer;
  answer: Buffer;
  voiceComment: Buffer;
}

export interface FullMemory {
  memory: Memory;
  files: MemoryFiles;
}

/**
 * A memory by `creator` with two photos, a video (direct upload), a recording and one
 * follow-up answer given by voice, then two comments: text from `commenter`, a voice one from
 * the creator. Its date, tags, comments' dates and the voice comment's transcription are
 * set as `fields` says, straight in the database, so expected texts can be written out.
 */
export async function makeFullMemory(
  t: TestApp,
  creator: MadeUser,
  commenter: MadeUser,
  fields: { title: string; timelineIds: string[]; sharedWith: string[]; createdAt: string; tags: string[] },
): Promise<FullMemory> {
  const files: MemoryFiles = {
    png: await imageOf('png', 64, 48),
    gif: await imageOf('gif', 32, 24),
    // Several chunks of a read stream, so checksums run across chunk boundaries.
    mp4: mp4Bytes(300_000),
    recording: wavBytes(6_000),
    answer: wavBytes(3_000),
    voiceComment: webmRecording(),
  };
  const video = await makeDirectUpload(t.ctx, creator.user, files.mp4);
  const { payload, headers } = await formBody([
    ...memoryFields({
      title: fields.title,
      content: 'We rowed to the island.\n\nQ: Who was there?\nA: All of us.',
      transcription: 'The water was cold',
      timelineIds: fields.timelineIds,
      sharedWith: fields.sharedWith,
      directVideoUrls: [video.url],
      followUpResponses: [
        { question: 'What did you eat?', answer: 'Bread and cheese', hasAudio: false },
        { question: 'Who was there?', answer: messages.audioAnswerNoTranscription, hasAudio: true },
      ],
    }),
    imageFile(files.png),
    imageFile(files.gif, 'tiny.gif', 'image/gif'),
    audioFile(files.recording),
    followUpAudioFile(files.answer),
  ]);
  const created = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
  if (created.statusCode !== 201) throw new Error(`POST /api/memories answered ${created.statusCode}: ${created.body}`);
  const id: string = created.json().id;

  await postComment(t, id, commenter, [contentPart('What a day that was!')]);
  await postComment(t, id, creator, [voicePart(files.voiceComment)]);
  const comments = await t.ctx.db.selectFrom('comments').select(['id', 'audio_key']).where('memory_id', '=', id).execute();
  for (const [index, comment] of [...comments].sort((a, b) => Number(a.audio_key !== null) - Number(b.audio_key !== null)).entries()) {
    await t.ctx.db
      .updateTable('comments')
      .set({ created_at: new Date(Date.parse(fields.createdAt) + (index + 1) * 3_600_000).toISOString(), ...(comment.audio_key ? { transcription: 'Me again' } : {}) })
      .where('id', '=', comment.id)
      .execute();
  }
  await t.ctx.db.updateTable('memories').set({ created_at: fields.createdAt }).where('id', '=', id).execute();
  if (fields.tags.length > 0) await t.ctx.db.insertInto('memory_tags').values(fields.tags.map((tag) => ({ memory_id: id, tag }))).execute();

  const read = await t.app.inject({ method: 'GET', url: `/api/memories/${id}`, headers: { cookie: creator.cookie } });
  return { memory: read.json(), files };
}

async function postComment(t: TestApp, memoryId: string, author: MadeUser, parts: FormPart[]): Promise<void> {
  const form = await formBody(parts);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/memories/${memoryId}/comments`,
    payload: form.payload,
    headers: { ...form.headers, cookie: author.cookie },
  });
  if (response.statusCode !== 201) throw new Error(`POST comments answered ${response.statusCode}: ${response.body}`);
}

/** The storage key of an `/uploads/{key}` address. */
export const keyOf = (url: string) => url.slice('/uploads/'.length);

/** filename* of a Content-Disposition header, decoded (RFC 8187). */
export function utf8FileName(disposition: string): string | null {
  const match = /filename\*=UTF-8''([^;]+)/.exec(disposition);
  return match ? decodeURIComponent(match[1]!) : null;
}

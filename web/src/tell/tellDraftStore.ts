// Issue 23 "nothing she said lost": the storyteller's story is kept in IndexedDB until it is
// sent. The recording goes in chunk by chunk as the recorder hands them over (every second), so
// a tab closed mid-sentence keeps all but the last second. A store of its own rather than
// capture/draftStore.ts (one draft per signed-in person, the wizard's shape): this page has no
// account and one draft per device; both open IndexedDB through lib/indexedDb.ts.
import { committed, keptConnection, resultOf } from '../lib/indexedDb';

const DB_NAME = 'heirloom-tell';
const DB_VERSION = 1;
const DRAFT = 'draft';
const CHUNKS = 'chunks';
const CURRENT = 'current';

/** A photo as stored: engines that lose a File's name in IndexedDB keep it here. */
interface StoredPhoto {
  blob: Blob;
  name: string;
  type: string;
}

export interface TellFollowUp {
  question: string;
  /** Typed words, or the "spoken answer" line when it was answered by voice. */
  text: string;
  audio: Blob | null;
  /** Seconds of `audio`. */
  audioDuration: number | null;
}

/** Everything of the story but the recording's chunks. */
export interface TellDraftFields {
  /** Which link it was recorded for (linkFingerprint): its question is sent only through that link. */
  link: string;
  questionId: string | null;
  /** The question or prompt it answers, its title. */
  title: string;
  idempotencyKey: string;
  /** 'recording' while chunks arrive: a draft read in that state was cut off by a closed tab. */
  recording: 'none' | 'recording' | 'done';
  startedAt: number;
  durationMs: number;
  mimeType: string;
  typed: string;
  photos: File[];
  followUp: TellFollowUp | null;
}

export interface TellDraft extends TellDraftFields {
  /** The chunks as one recording; null when none was recorded. */
  audio: Blob | null;
}

interface StoredDraft extends Omit<TellDraftFields, 'photos'> {
  version: 1;
  photos: StoredPhoto[];
}

const open = keptConnection(DB_NAME, DB_VERSION, (db) => {
  db.createObjectStore(DRAFT);
  db.createObjectStore(CHUNKS, { autoIncrement: true });
});

async function write(stores: string[], change: (transaction: IDBTransaction) => void): Promise<void> {
  const transaction = (await open()).transaction(stores, 'readwrite');
  change(transaction);
  await committed(transaction);
}

/**
 * The link itself is a credential, kept nowhere it need not be: the draft holds only enough of
 * it to tell whether it is opened again through the same link (FNV-1a, not a secret's hash).
 */
export function linkFingerprint(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Keeps the story's fields (not its chunks, which appendChunk writes as they come). */
export function saveDraft(fields: TellDraftFields): Promise<void> {
  const stored: StoredDraft = { ...fields, version: 1, photos: fields.photos.map((photo) => ({ blob: photo, name: photo.name, type: photo.type })) };
  return write([DRAFT], (transaction) => transaction.objectStore(DRAFT).put(stored, CURRENT));
}

/** A new recording: the fields as they start, and no chunk of an earlier one. */
export function startRecordingDraft(fields: TellDraftFields): Promise<void> {
  return write([DRAFT, CHUNKS], (transaction) => {
    transaction.objectStore(CHUNKS).clear();
    transaction.objectStore(DRAFT).put({ ...fields, version: 1, photos: fields.photos.map((photo) => ({ blob: photo, name: photo.name, type: photo.type })) }, CURRENT);
  });
}

/** One chunk of the recording under way, with the length heard so far. */
export async function appendChunk(chunk: Blob, durationMs: number): Promise<void> {
  const db = await open();
  const transaction = db.transaction([DRAFT, CHUNKS], 'readwrite');
  transaction.objectStore(CHUNKS).add(chunk);
  const drafts = transaction.objectStore(DRAFT);
  const stored = (await resultOf(drafts.get(CURRENT))) as StoredDraft | undefined;
  if (stored) drafts.put({ ...stored, durationMs }, CURRENT);
  await committed(transaction);
}

/** The kept story, its chunks joined into one recording; null when none is kept. */
export async function loadDraft(): Promise<TellDraft | null> {
  const transaction = (await open()).transaction([DRAFT, CHUNKS], 'readonly');
  const stored = (await resultOf(transaction.objectStore(DRAFT).get(CURRENT))) as StoredDraft | undefined;
  const chunks = (await resultOf(transaction.objectStore(CHUNKS).getAll())) as Blob[];
  if (!stored || stored.version !== 1) return null;
  const { version: _version, photos, ...fields } = stored;
  const audio = fields.recording !== 'none' && chunks.length > 0 ? new Blob(chunks, { type: fields.mimeType }) : null;
  return {
    ...fields,
    // A recording cut off by a closed tab is as finished as it will ever be.
    recording: audio ? 'done' : 'none',
    audio,
    photos: photos.map((photo) => new File([photo.blob], photo.name, { type: photo.type })),
  };
}

/** Forgets the story: it was sent, or recorded again from the start. */
export function clearDraft(): Promise<void> {
  return write([DRAFT, CHUNKS], (transaction) => {
    transaction.objectStore(DRAFT).delete(CURRENT);
    transaction.objectStore(CHUNKS).clear();
  });
}

// DESIGN "Drafts live in the browser": the wizard's draft is kept in IndexedDB as it is typed
// and recorded, so a reload, a closed tab, a crash or a trip to '/community' loses nothing.
// One draft per person on this device. Recordings, photos and the video go in a store of
// their own, written once each, so typing a word does not copy a video again.
import type { CaptureDraft, CaptureStep, FollowUpAnswer } from './draft';
import { committed, keptConnection, resultOf } from '../../lib/indexedDb';

const DB_NAME = 'heirloom-drafts';
const DB_VERSION = 1;
const DRAFTS = 'drafts';
const MEDIA = 'media';

export interface SavedDraft {
  step: CaptureStep;
  draft: CaptureDraft;
  savedAt: number;
}

/** A file as stored: Safari and older engines lose a File's name in IndexedDB, so it is kept beside. */
interface StoredMedia {
  blob: Blob;
  name: string | null;
  type: string;
  lastModified: number;
}

type Ref = string;
interface StoredFollowUp extends Omit<FollowUpAnswer, 'audio'> {
  audio: Ref | null;
}
interface StoredDraftFields
  extends Omit<CaptureDraft, 'recording' | 'images' | 'video' | 'followUps' | 'answerAudio'> {
  recording: Ref | null;
  images: Ref[];
  video: { file: Ref; thumbnail: string | null } | null;
  followUps: StoredFollowUp[];
  answerAudio: Ref | null;
}
interface StoredDraft {
  version: 1;
  owner: string;
  step: CaptureStep;
  savedAt: number;
  draft: StoredDraftFields;
}

/** Which stored media each blob of this page already is, so it is written once. */
const mediaIds = new WeakMap<Blob, Ref>();
const openDatabase = keptConnection(DB_NAME, DB_VERSION, (db) => {
  if (!db.objectStoreNames.contains(DRAFTS)) db.createObjectStore(DRAFTS);
  if (!db.objectStoreNames.contains(MEDIA)) db.createObjectStore(MEDIA);
});

function newId(owner: string): Ref {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  return `${owner}/${random}`;
}

/** The draft with each blob replaced by its stored id; `fresh` collects blobs not yet stored. */
function serialise(owner: string, draft: CaptureDraft, fresh: Map<Ref, Blob>): StoredDraftFields {
  const ref = (blob: Blob): Ref => {
    let id = mediaIds.get(blob);
    if (!id || !id.startsWith(`${owner}/`)) {
      id = newId(owner);
      mediaIds.set(blob, id);
    }
    fresh.set(id, blob);
    return id;
  };
  return {
    ...draft,
    recording: draft.recording ? ref(draft.recording) : null,
    images: draft.images.map(ref),
    video: draft.video ? { file: ref(draft.video.file), thumbnail: draft.video.thumbnail } : null,
    followUps: draft.followUps.map((pair) => ({ ...pair, audio: pair.audio ? ref(pair.audio) : null })),
    answerAudio: draft.answerAudio ? ref(draft.answerAudio) : null,
  };
}

function asBlob(stored: StoredMedia | undefined, id: Ref): Blob | null {
  if (!stored) return null;
  const blob = stored.name !== null ? new File([stored.blob], stored.name, { type: stored.type, lastModified: stored.lastModified }) : stored.blob;
  mediaIds.set(blob, id);
  return blob;
}

/** Keeps the draft (replacing the person's earlier one) and forgets media it no longer holds. */
export async function saveDraft(owner: string, step: CaptureStep, draft: CaptureDraft): Promise<void> {
  const db = await openDatabase();
  const referenced = new Map<Ref, Blob>();
  const stored: StoredDraft = { version: 1, owner, step, savedAt: Date.now(), draft: serialise(owner, draft, referenced) };
  const transaction = db.transaction([DRAFTS, MEDIA], 'readwrite');
  const media = transaction.objectStore(MEDIA);
  const keys = (await resultOf(media.getAllKeys())) as Ref[];
  const present = new Set(keys);
  for (const [id, blob] of referenced) {
    if (present.has(id)) continue;
    const entry: StoredMedia = {
      blob,
      name: blob instanceof File ? blob.name : null,
      type: blob.type,
      lastModified: blob instanceof File ? blob.lastModified : Date.now(),
    };
    media.put(entry, id);
  }
  for (const id of keys) if (id.startsWith(`${owner}/`) && !referenced.has(id)) media.delete(id);
  transaction.objectStore(DRAFTS).put(stored, owner);
  await committed(transaction);
}

/** The person's kept draft, or null. Media that went missing is left out rather than failing the rest. */
export async function loadDraft(owner: string): Promise<SavedDraft | null> {
  const db = await openDatabase();
  const transaction = db.transaction([DRAFTS, MEDIA], 'readonly');
  const stored = (await resultOf(transaction.objectStore(DRAFTS).get(owner))) as StoredDraft | undefined;
  if (!stored || stored.version !== 1) return null;
  const mediaStore = transaction.objectStore(MEDIA);
  const fetch = async (id: Ref | null) => (id ? asBlob((await resultOf(mediaStore.get(id))) as StoredMedia | undefined, id) : null);
  const fields = stored.draft;
  const recording = await fetch(fields.recording);
  const images = (await Promise.all(fields.images.map(fetch))).filter((image): image is File => image instanceof File);
  const videoFile = fields.video ? await fetch(fields.video.file) : null;
  const followUps: FollowUpAnswer[] = [];
  for (const pair of fields.followUps) {
    const audio = await fetch(pair.audio);
    followUps.push({ ...pair, audio, audioDuration: audio ? pair.audioDuration : null });
  }
  const answerAudio = await fetch(fields.answerAudio);
  const draft: CaptureDraft = {
    ...fields,
    recording,
    recordingDuration: recording ? fields.recordingDuration : null,
    // Drafts kept before issue 22 have none.
    transcriptionPending: Boolean(recording && fields.transcriptionPending),
    images,
    video: videoFile instanceof File && fields.video ? { file: videoFile, thumbnail: fields.video.thumbnail } : null,
    followUps,
    answerAudio,
    answerAudioDuration: answerAudio ? fields.answerAudioDuration : null,
    // Drafts kept before issue 20 have none; the next Save makes one.
    idempotencyKey: fields.idempotencyKey ?? null,
  };
  return { step: stored.step, draft, savedAt: stored.savedAt };
}

/** Forgets the person's draft and its media (saved, or knowingly discarded). */
export async function clearDraft(owner: string): Promise<void> {
  const db = await openDatabase();
  const transaction = db.transaction([DRAFTS, MEDIA], 'readwrite');
  const media = transaction.objectStore(MEDIA);
  const keys = (await resultOf(media.getAllKeys())) as Ref[];
  for (const id of keys) if (id.startsWith(`${owner}/`)) media.delete(id);
  transaction.objectStore(DRAFTS).delete(owner);
  await committed(transaction);
}

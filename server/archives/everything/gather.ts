// What the archive of everything holds (issue 25; DESIGN "Yours to keep"): every memory the
// requester may view (access/'s one memory-view rule), each with all its comments, and the
// small lists around them: the requester's timelines and their members, family, questions and
// storytellers, and everyone those records name, nobody else. "What is shared with some people
// is never seen by others, on any path": no id names a timeline, family or person the archive
// does not hold, and no secret (password hash, session, sealed token, a storyteller's reserved
// sign-in name) is ever selected.
import { createHash } from 'node:crypto';
import type { ArchiveFile, FamilyRecord, ListenCodeRecord, QuestionRecord, StorytellerRecord, TimelineRecord } from '../../../common/archive-format.js';
import { displayNameOf } from '../../../common/people.js';
import { checkAccess } from '../../access/index.js';
import { imageVariantOf } from '../../memories/index.js';
import type { AppContext } from '../../context.js';
import { isSet } from '../../db/flags.js';
import { keysetBatches } from '../../db/keyset.js';
import type { UserRow } from '../../db/schema.js';
import { presentMember } from '../../people/index.js';
import { typeOfKey } from '../../providers/storage/index.js';
import type { Gathered, GatheredComment, GatheredMemoryWithComments, GatheredPerson, PendingFile } from './gathered.js';
import * as queries from './gather-queries.js';

/**
 * A stable id for a file a key column names with no media row (old data): a UUID (version 8,
 * RFC 9562) made of the SHA-256 of its key, so every export of the same instance names it alike.
 */
export function mediaIdOfKey(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function fileOfRow(row: queries.MediaRow): PendingFile {
  return {
    mediaId: row.id,
    kind: row.kind as ArchiveFile['kind'],
    position: row.position,
    mimeType: row.mime_type,
    bytes: Number(row.size),
    width: row.width,
    height: row.height,
    durationSeconds: row.duration,
    ownerId: row.owner_id,
    createdAt: row.created_at,
    storageKey: row.storage_key,
  };
}

/** "Originals only" (issue 25): a photo's display copy and thumbnail are rows of its own but no file of the archive. */
const isOriginal = (row: { kind: string; storage_key: string }) => row.kind !== 'image' || imageVariantOf(row.storage_key) === 'original';

/** Storage is asked about a few files at a time. */
const STAT_CONCURRENCY = 8;

/** The sizes storage gives for `keys`; a key whose file is gone is left out (no file to archive). */
async function sizesInStorage(ctx: AppContext, keys: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      const stat = await ctx.media.stat(key);
      if (stat) sizes.set(key, stat.size);
    }
  };
  await Promise.all(Array.from({ length: Math.min(STAT_CONCURRENCY, keys.length) }, worker));
  return sizes;
}

/** The files of old data with no media row, made from their key column (kind from the column, type from the key). */
class KeyedFiles {
  /** Keys storage has no file for: nothing to archive, asked once. */
  private readonly missing = new Set<string>();

  constructor(
    private readonly ctx: AppContext,
    private readonly sizes: Map<string, number>,
    asked: string[],
  ) {
    for (const key of asked) if (!sizes.has(key)) this.missing.add(key);
  }

  async fileOf(key: string, fields: Pick<PendingFile, 'kind' | 'position' | 'ownerId' | 'createdAt'>): Promise<PendingFile | null> {
    if (this.missing.has(key)) return null;
    if (!this.sizes.has(key)) {
      // A key that had a row when the gathering began and lost it since, or an avatar's: asked now.
      const stat = await this.ctx.media.stat(key);
      if (!stat) {
        this.missing.add(key);
        return null;
      }
      this.sizes.set(key, stat.size);
    }
    return { mediaId: mediaIdOfKey(key), mimeType: typeOfKey(key), bytes: this.sizes.get(key)!, width: null, height: null, durationSeconds: null, storageKey: key, ...fields };
  }
}

/**
 * Everything `requester` may view now, for the archive's job: the small lists whole, the totals
 * for its progress, and the memories as an iterable read a keyset batch at a time (each call
 * reads afresh). `signal` is checked between stages and between batches.
 */
export async function gatherEverything(ctx: AppContext, requester: UserRow, signal?: AbortSignal): Promise<Gathered> {
  const { db } = ctx;
  signal?.throwIfAborted();
  const me = await queries.userById(db, requester.id);
  const timelineRows = await queries.timelinesOfMember(db, requester.id);
  const timelineIds = timelineRows.map((row) => row.id);
  const [memberRows, questionRows, storytellerRows, familyRow, namedByMemories, memoryCount, mediaSizes, keysWithoutRows] = await Promise.all([
    queries.membersOf(db, timelineIds),
    queries.questionsOf(db, timelineIds),
    queries.storytellersOf(db, timelineIds),
    me?.family_id ? queries.familyById(db, me.family_id) : undefined,
    queries.peopleNamedByMemories(db, requester.id),
    queries.viewableMemoryCount(db, requester.id),
    queries.viewableMediaSizes(db, requester.id),
    queries.viewableKeysWithoutRows(db, requester.id),
  ]);
  signal?.throwIfAborted();
  const [answeredInArchive, managed, keySizes] = await Promise.all([
    checkAccess(db, requester, 'memory.read', questionRows.flatMap((row) => (row.answered_memory_id ? [row.answered_memory_id] : []))),
    checkAccess(db, requester, 'storyteller.manage', storytellerRows.map((row) => row.user_id)),
    sizesInStorage(ctx, keysWithoutRows),
  ]);
  const keyed = new KeyedFiles(ctx, keySizes, keysWithoutRows);

  const families: FamilyRecord[] = familyRow ? [{ id: familyRow.id, name: familyRow.name, createdBy: familyRow.created_by, createdAt: familyRow.created_at }] : [];
  const personIds = new Set<string>([
    requester.id,
    ...namedByMemories.named,
    ...timelineRows.map((row) => row.user_id),
    ...memberRows.map((row) => row.user_id),
    ...families.flatMap((family) => (family.createdBy ? [family.createdBy] : [])),
    ...questionRows.flatMap((row) => [row.asked_by, ...(row.for_user_id ? [row.for_user_id] : [])]),
    ...storytellerRows.flatMap((row) => [row.user_id, ...(row.created_by ? [row.created_by] : [])]),
  ]);
  // An e-mail only where the app shows this person's card to the requester ('user.read', or beside their comment).
  const shown = await checkAccess(db, requester, 'user.read', [...personIds]);
  for (const id of namedByMemories.commenters) shown.add(id);
  const people = await gatherPeople(ctx, keyed, [...personIds], { families: new Set(families.map((family) => family.id)), emailShown: shown });
  signal?.throwIfAborted();
  const known = new Set(people.map((person) => person.id));

  const questions = questionRows.map((row) => questionRecordOf(row, answeredInArchive));
  const storytellers = storytellerRows.map((row) => storytellerRecordOf(row, managed.has(row.user_id)));
  const rowBytes = mediaSizes.filter(isOriginal).reduce((sum, row) => sum + Number(row.size), 0);
  const keyedBytes = keysWithoutRows.reduce((sum, key) => sum + (keySizes.get(key) ?? 0), 0);
  const avatarBytes = people.reduce((sum, person) => sum + (person.avatar?.bytes ?? 0), 0);
  const scope: MemoryScope = { ctx, requesterId: requester.id, keyed, known, timelines: new Set(timelineIds), families: new Set(families.map((family) => family.id)) };

  return {
    exporter: { id: requester.id, displayName: displayNameOf(people.find((person) => person.id === requester.id)) },
    people,
    families,
    timelines: timelineRows.map(timelineRecordOf),
    memberships: memberRows.map((row) => ({ timelineId: row.timeline_id, personId: row.user_id, joinedAt: row.joined_at })),
    questions,
    storytellers,
    totals: { memories: memoryCount, fileBytes: rowBytes + keyedBytes + avatarBytes },
    // The job's signal and the reader's each stop the reading.
    memories: (iterationSignal) => gatherMemories(scope, [signal, iterationSignal]),
  };
}

function timelineRecordOf(row: Awaited<ReturnType<typeof queries.timelinesOfMember>>[number]): TimelineRecord {
  const { id, name, description, color, icon, created_at: createdAt } = row;
  return { id, name, description, color, icon, isDefault: isSet(row.is_default), ownerId: row.user_id, createdAt };
}

/** answeredMemoryId: only a story the archive holds (the requester may view it). */
function questionRecordOf(row: Awaited<ReturnType<typeof queries.questionsOf>>[number], inArchive: Set<string>): QuestionRecord {
  const answered = row.answered_memory_id && inArchive.has(row.answered_memory_id) ? row.answered_memory_id : null;
  return { id: row.id, timelineId: row.timeline_id, askedBy: row.asked_by, forPersonId: row.for_user_id, text: row.text, answeredMemoryId: answered, createdAt: row.created_at };
}

/** 'storyteller.manage' (their creator or the timeline's owner): only then their contact, reminder and link's hash. */
function storytellerRecordOf(row: Awaited<ReturnType<typeof queries.storytellersOf>>[number], manages: boolean): StorytellerRecord {
  const reminderSet = row.reminder_weekday !== null && row.reminder_time !== null && row.reminder_tz !== null;
  return {
    personId: row.user_id,
    timelineId: row.timeline_id,
    createdBy: row.created_by,
    email: manages ? row.email : null,
    reminder: manages && reminderSet ? { weekday: row.reminder_weekday!, time: row.reminder_time!, timeZone: row.reminder_tz! } : null,
    remindersStopped: isSet(row.reminders_stopped),
    linkSha256: manages ? row.link_hash : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Everyone in `ids` as the app shows them (people/present.ts): a storyteller's sign-in name
 * never, and no e-mail of someone whose card the requester is never shown (issue 25: "no
 * e-mail of people who never shared one with the exporter").
 */
async function gatherPeople(
  ctx: AppContext,
  keyed: KeyedFiles,
  ids: string[],
  { families, emailShown }: { families: Set<string>; emailShown: Set<string> },
): Promise<GatheredPerson[]> {
  const rows = await queries.peopleByIds(ctx.db, ids);
  const avatarKeys = rows.flatMap((row) => (row.profile_image_key ? [row.profile_image_key] : []));
  const avatarRows = new Map((await queries.mediaByKeys(ctx.db, 'avatar', avatarKeys)).map((row) => [row.storage_key, row]));
  const people: GatheredPerson[] = [];
  for (const row of rows) {
    const card = presentMember(row);
    const key = row.profile_image_key;
    const avatarRow = key ? avatarRows.get(key) : undefined;
    people.push({
      id: row.id,
      displayName: row.display_name,
      firstName: row.first_name,
      lastName: row.last_name,
      email: emailShown.has(row.id) ? card.email || null : null,
      isStoryteller: card.isStoryteller,
      familyId: row.family_id && families.has(row.family_id) ? row.family_id : null,
      avatar: avatarRow ? fileOfRow(avatarRow) : key ? await keyed.fileOf(key, { kind: 'avatar', position: 0, ownerId: row.id, createdAt: row.created_at }) : null,
      createdAt: row.created_at,
    });
  }
  return people.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
}

/** What every memory's record is checked against: only ids the archive holds are named. */
interface MemoryScope {
  ctx: AppContext;
  requesterId: string;
  keyed: KeyedFiles;
  known: Set<string>;
  timelines: Set<string>;
  families: Set<string>;
}

/** A batch's rows of one table, by memory. */
const groupBy = <Row extends { memory_id: string | null }>(rows: Row[]) => {
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    if (!row.memory_id) continue;
    const group = groups.get(row.memory_id);
    if (group) group.push(row);
    else groups.set(row.memory_id, [row]);
  }
  return (memoryId: string) => groups.get(memoryId) ?? [];
};

/** Photos, then videos, then recordings, each in position order. */
const KIND_ORDER: Record<string, number> = { image: 0, video: 1, audio: 2 };

async function* gatherMemories(scope: MemoryScope, signals: (AbortSignal | undefined)[]): AsyncGenerator<GatheredMemoryWithComments> {
  const { ctx, requesterId } = scope;
  for await (const batch of keysetBatches((after, limit) => queries.viewableMemoryBatch(ctx.db, requesterId, after, limit))) {
    for (const signal of signals) signal?.throwIfAborted();
    const ids = batch.map((row) => row.id);
    const [filed, shares, tags, followUps, codes, files, comments] = await Promise.all([
      queries.timelinesFiled(ctx.db, ids).then(groupBy),
      queries.sharesOf(ctx.db, ids).then(groupBy),
      queries.tagsOf(ctx.db, ids).then(groupBy),
      queries.followUpsOf(ctx.db, ids).then(groupBy),
      queries.listenCodesOf(ctx.db, ids).then(groupBy),
      queries.memoryFilesOf(ctx.db, ids).then(groupBy),
      queries.commentsOf(ctx.db, ids),
    ]);
    const voiceRows = await queries.mediaByKeys(ctx.db, 'comment_audio', comments.flatMap((comment) => (comment.audio_key ? [comment.audio_key] : [])));
    const voices = new Map(voiceRows.map((row) => [row.storage_key, row]));
    const commentsOf = groupBy(comments);
    for (const row of batch) {
      // Someone who appeared after the people were gathered is not named (the next archive holds them).
      if (!scope.known.has(row.user_id)) continue;
      const pending = files(row.id)
        .filter((file) => isOriginal(file) && scope.known.has(file.owner_id))
        .map(fileOfRow);
      const recordingOf = async (key: string | null, position: number): Promise<string | null> => {
        if (!key) return null;
        const found = pending.find((file) => file.kind === 'audio' && file.storageKey === key);
        if (found) return found.mediaId;
        const made = await scope.keyed.fileOf(key, { kind: 'audio', position, ownerId: row.user_id, createdAt: row.created_at });
        if (made) pending.push(made);
        return made?.mediaId ?? null;
      };
      const voiceMediaId = await recordingOf(row.audio_key, 0);
      const answers = [];
      // A spoken answer's recording sits at the answer's position + 1 (memories/service.ts).
      for (const answer of followUps(row.id)) {
        answers.push({ id: answer.id, question: answer.question, answer: answer.answer, position: answer.position, voiceMediaId: await recordingOf(answer.audio_key, answer.position + 1) });
      }
      const gatheredComments: GatheredComment[] = [];
      for (const comment of commentsOf(row.id)) {
        if (!scope.known.has(comment.user_id)) continue;
        const voiceRow = comment.audio_key ? voices.get(comment.audio_key) : undefined;
        const voice = voiceRow
          ? fileOfRow(voiceRow)
          : comment.audio_key
            ? await scope.keyed.fileOf(comment.audio_key, { kind: 'comment_audio', position: 0, ownerId: comment.user_id, createdAt: comment.created_at })
            : null;
        gatheredComments.push({
          id: comment.id,
          memoryId: row.id,
          authorId: comment.user_id,
          content: comment.content,
          transcription: comment.transcription,
          voice: voice && scope.known.has(voice.ownerId) ? voice : null,
          createdAt: comment.created_at,
        });
      }
      const listenCodes: ListenCodeRecord[] = codes(row.id).map((code) => ({
        id: code.id,
        tokenSha256: code.token_hash,
        createdBy: code.created_by && scope.known.has(code.created_by) ? code.created_by : null,
        createdAt: code.created_at,
      }));
      yield {
        memory: {
          id: row.id,
          title: row.title,
          content: row.content,
          transcription: row.transcription,
          authorId: row.user_id,
          familyId: row.family_id && scope.families.has(row.family_id) ? row.family_id : null,
          audience: row.audience,
          timelineIds: filed(row.id).flatMap((link) => (scope.timelines.has(link.timeline_id) ? [link.timeline_id] : [])),
          sharedWith: shares(row.id).flatMap((share) => (scope.known.has(share.user_id) ? [share.user_id] : [])),
          tags: tags(row.id).map((tag) => tag.tag),
          files: pending.sort((a, b) => KIND_ORDER[a.kind]! - KIND_ORDER[b.kind]! || a.position - b.position),
          voiceMediaId,
          followUps: answers,
          listenCodes,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        },
        comments: gatheredComments,
      };
    }
  }
}

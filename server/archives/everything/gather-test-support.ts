// What the gathering's tests share: a family of two timelines seen by Rose (the requester),
// with outsiders whose memories she may and may not view, storytellers she manages and one
// she does not, questions, comments (one spoken), a spoken follow-up answer, a listen code
// and files of old data that have no media row. Made through the features' own calls where
// factories lack something, and straight in the database where only old data looks so.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { recordSchemas, type ArchiveFile } from '../../../common/archive-format.js';
import { listenUrlFor } from '../../listen/index.js';
import { newMediaKey } from '../../providers/storage/index.js';
import { questionCalls } from '../../questions/test-support.js';
import { addStoryteller } from '../../storytellers/test-support.js';
import type { TestApp } from '../../test/app.js';
import { makeFamily, makeMemory, makeTimeline, makeUser, type MadeUser } from '../../test/factories.js';
import { makeFullMemory } from '../test-support.js';
import type { Gathered, GatheredComment, GatheredMemoryWithComments, PendingFile } from './gathered.js';

export interface World {
  rose: MadeUser;
  ann: MadeUser;
  ben: MadeUser;
  /** Outside Rose's timelines and family; shares one memory with her. */
  xavier: MadeUser;
  /** Outside too; nothing Rose may view names him. */
  yves: MadeUser;
  /** Outside: Xavier shares the same memory with him, so it names him, but the app never shows Rose his card. */
  walt: MadeUser;
  lake: string;
  holidays: string;
  elsewhere: string;
  familyId: string;
  /** Rose's own storyteller (she adds her, on her timeline) and Ann's (on Ann's timeline). */
  edna: string;
  joe: string;
  memories: {
    full: string;
    benPrivate: string;
    annSharedWithRose: string;
    annSharedWithBen: string;
    annTimeline: string;
    xavierSharedWithRose: string;
    yvesPrivate: string;
    yvesTimeline: string;
  };
  questions: { answeredUnseen: string; answeredSeen: string; elsewhere: string };
  /** Keys named by a column with no media row: Ann's old avatar and the old voice of annSharedWithRose. */
  oldKeys: { avatar: string; voice: string; voiceBytes: number; avatarBytes: number };
  roseAvatar: { mediaId: string; key: string; bytes: number };
  listenCodeId: string;
}

async function putFile(t: TestApp, key: string, bytes: Buffer): Promise<void> {
  await t.ctx.media.put(key, Readable.from([bytes]), { contentType: 'application/octet-stream' });
}

const at = (t: TestApp, id: string, createdAt: string) => t.ctx.db.updateTable('memories').set({ created_at: createdAt, updated_at: createdAt }).where('id', '=', id).execute();

export async function makeWorld(t: TestApp): Promise<World> {
  const [rose, ann, ben, xavier, yves, walt] = await Promise.all(
    [
      { displayName: 'Rose', email: `rose-${randomUUID().slice(0, 6)}@example.org` },
      { displayName: 'Ann' },
      { displayName: 'Ben' },
      { displayName: 'Xavier' },
      { displayName: 'Yves' },
      { displayName: 'Walt' },
    ].map((fields) => makeUser(t.ctx, fields)),
  ) as [MadeUser, MadeUser, MadeUser, MadeUser, MadeUser, MadeUser];
  const lake = (await makeTimeline(t.ctx, rose.user, { name: 'Lake house', members: [ann.user, ben.user] })).id;
  const holidays = (await makeTimeline(t.ctx, ann.user, { name: 'Holidays', members: [rose.user] })).id;
  const elsewhere = (await makeTimeline(t.ctx, yves.user, { name: 'Elsewhere', members: [xavier.user, walt.user] })).id;
  const familyId = (await makeFamily(t.ctx, rose.user, { name: 'Hill', members: [ann.user, ben.user] })).id;
  await makeFamily(t.ctx, yves.user, { name: 'Other', members: [xavier.user] });

  // Rose adds Edna on her own timeline (she manages her); Ann adds Joe on hers (Rose does not).
  const edna = (await addStoryteller(t, lake, rose, { displayName: 'Great-aunt Edna', email: 'edna@example.org' })).id;
  const joe = (await addStoryteller(t, holidays, ann, { displayName: 'Grandpa Joe', email: 'joe@example.org' })).id;
  await t.ctx.db.updateTable('storytellers').set({ reminder_weekday: 0, reminder_time: '10:00', reminder_tz: 'Europe/Paris' }).where('user_id', 'in', [edna, joe]).execute();

  const full = (
    await makeFullMemory(t, rose, ann, { title: 'The island', timelineIds: [lake], sharedWith: [ann.user.id], createdAt: '2024-03-05T10:00:00.000Z', tags: ['lake', 'boats'] })
  ).memory.id;
  // A video's poster is not an original: the archive leaves it out.
  await t.ctx.db
    .insertInto('media')
    .values({ id: randomUUID(), memory_id: full, owner_id: rose.user.id, kind: 'video_thumbnail', storage_key: newMediaKey('images', 'jpg', 'poster'), mime_type: 'image/jpeg', size: 999, width: 4, height: 4, duration: null, position: 0, created_at: '2024-03-05T10:00:00.000Z' })
    .execute();
  await listenUrlFor(t.ctx, t.ctx.db, full, rose.user.id);
  const listenCodeId = (await t.ctx.db.selectFrom('listen_links').select('id').where('memory_id', '=', full).executeTakeFirstOrThrow()).id;

  const memories = {
    full,
    benPrivate: (await makeMemory(t.ctx, ben.user, { title: 'Ben alone', timelineIds: [lake], audience: 'private' })).id,
    annSharedWithRose: (await makeMemory(t.ctx, ann.user, { title: 'For Rose', timelineIds: [lake], audience: 'people', sharedWith: [rose.user] })).id,
    annSharedWithBen: (await makeMemory(t.ctx, ann.user, { title: 'For Ben', timelineIds: [lake], audience: 'people', sharedWith: [ben.user] })).id,
    annTimeline: (await makeMemory(t.ctx, ann.user, { title: 'Holiday snow', timelineIds: [holidays], audience: 'timeline' })).id,
    xavierSharedWithRose: (await makeMemory(t.ctx, xavier.user, { title: 'From afar', timelineIds: [elsewhere], audience: 'people', sharedWith: [rose.user, walt.user] })).id,
    yvesPrivate: (await makeMemory(t.ctx, yves.user, { title: 'Yves alone', timelineIds: [elsewhere], audience: 'private' })).id,
    yvesTimeline: (await makeMemory(t.ctx, yves.user, { title: 'Elsewhere news', timelineIds: [elsewhere], audience: 'timeline' })).id,
  };
  // Oldest first is (created_at, id): the last two share an instant.
  await at(t, memories.annTimeline, '2023-12-24T18:00:00.000Z');
  await at(t, memories.annSharedWithRose, '2024-06-01T08:00:00.000Z');
  await at(t, memories.xavierSharedWithRose, '2024-06-01T08:00:00.000Z');
  for (const id of [memories.benPrivate, memories.annSharedWithBen, memories.yvesPrivate, memories.yvesTimeline]) await at(t, id, '2024-01-01T00:00:00.000Z');

  // Old data: a voice and an avatar named by their columns, with no media row.
  const voice = newMediaKey('audio', 'webm');
  const voiceBytes = Buffer.from('old voice recording');
  await putFile(t, voice, voiceBytes);
  await t.ctx.db.updateTable('memories').set({ audio_key: voice }).where('id', '=', memories.annSharedWithRose).execute();
  const avatar = newMediaKey('avatars', 'webp');
  const avatarBytes = Buffer.from('old avatar picture');
  await putFile(t, avatar, avatarBytes);
  await t.ctx.db.updateTable('users').set({ profile_image_key: avatar }).where('id', '=', ann.user.id).execute();
  // Rose's avatar as the product stores one: a media row of kind 'avatar'.
  const roseKey = newMediaKey('avatars', 'webp');
  const roseAvatar = { mediaId: randomUUID(), key: roseKey, bytes: 1234 };
  await putFile(t, roseKey, Buffer.alloc(1234, 7));
  await t.ctx.db
    .insertInto('media')
    .values({ id: roseAvatar.mediaId, memory_id: null, owner_id: rose.user.id, kind: 'avatar', storage_key: roseKey, mime_type: 'image/webp', size: 1234, width: 256, height: 256, duration: null, position: 0, created_at: '2024-01-01T00:00:00.000Z' })
    .execute();
  await t.ctx.db.updateTable('users').set({ profile_image_key: roseKey }).where('id', '=', rose.user.id).execute();

  // Older still: a voice comment whose file storage no longer has, and no row: the comment stays, without a voice.
  await t.ctx.db
    .insertInto('comments')
    .values({ id: randomUUID(), memory_id: memories.annSharedWithRose, user_id: ann.user.id, content: null, transcription: 'Lost words', audio_key: newMediaKey('comment-audio', 'webm'), created_at: '2024-06-02T08:00:00.000Z' })
    .execute();

  const calls = questionCalls(t);
  const ask = async (timelineId: string, who: MadeUser, body: object) => {
    const response = await calls.ask(timelineId, body, who);
    if (response.statusCode !== 201) throw new Error(`No question: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string }>().id;
  };
  const questions = {
    answeredUnseen: await ask(lake, ann, { text: 'What did you do alone?', forUserId: edna }),
    answeredSeen: await ask(holidays, ann, { text: 'What about the snow?' }),
    elsewhere: await ask(elsewhere, yves, { text: 'Elsewhere?' }),
  };
  await t.ctx.db.updateTable('questions').set({ answered_memory_id: memories.benPrivate }).where('id', '=', questions.answeredUnseen).execute();
  await t.ctx.db.updateTable('questions').set({ answered_memory_id: memories.annTimeline }).where('id', '=', questions.answeredSeen).execute();

  return {
    rose,
    ann,
    ben,
    xavier,
    yves,
    walt,
    lake,
    holidays,
    elsewhere,
    familyId,
    edna,
    joe,
    memories,
    questions,
    oldKeys: { avatar, voice, voiceBytes: voiceBytes.length, avatarBytes: avatarBytes.length },
    roseAvatar,
    listenCodeId,
  };
}

/** Every memory `memories()` gives, read to its end. */
export async function readAll(gathered: Gathered, signal?: AbortSignal): Promise<GatheredMemoryWithComments[]> {
  const all: GatheredMemoryWithComments[] = [];
  for await (const item of gathered.memories(signal)) all.push(item);
  return all;
}

/** Every PendingFile the result names: the memories' files, the comments' voices and the avatars. */
export function filesOf(gathered: Gathered, memories: GatheredMemoryWithComments[]): PendingFile[] {
  return [
    ...gathered.people.flatMap((person) => (person.avatar ? [person.avatar] : [])),
    ...memories.flatMap(({ memory, comments }) => [...memory.files, ...comments.flatMap((comment: GatheredComment) => (comment.voice ? [comment.voice] : []))]),
  ];
}

/** A PendingFile as the bag will write it (a SHA-256 and a path in place of its key), to check against the records' zod. */
function asArchiveFile({ storageKey: _key, ...file }: PendingFile): ArchiveFile {
  return { ...file, sha256: '0'.repeat(64), path: `media/${'0'.repeat(64)}.bin` };
}

/** Throws unless every record of the result is a valid record of common/archive-format.ts once its files are hashed. */
export function parseAsRecords(gathered: Gathered, memories: GatheredMemoryWithComments[]): void {
  for (const person of gathered.people) recordSchemas.people.parse({ ...person, avatar: person.avatar && asArchiveFile(person.avatar) });
  for (const family of gathered.families) recordSchemas.families.parse(family);
  for (const timeline of gathered.timelines) recordSchemas.timelines.parse(timeline);
  for (const membership of gathered.memberships) recordSchemas.memberships.parse(membership);
  for (const question of gathered.questions) recordSchemas.questions.parse(question);
  for (const storyteller of gathered.storytellers) recordSchemas.storytellers.parse(storyteller);
  for (const { memory, comments } of memories) {
    recordSchemas.memories.parse({ ...memory, files: memory.files.map(asArchiveFile) });
    for (const comment of comments) recordSchemas.comments.parse({ ...comment, voice: comment.voice && asArchiveFile(comment.voice) });
  }
}

/** Every value the instance keeps that no archive may hold: password hashes, sessions, sealed tokens, storytellers' sign-in names. */
export async function secretsOf(t: TestApp): Promise<string[]> {
  const { db } = t.ctx;
  const [passwords, sessions, codes, links, reserved] = await Promise.all([
    db.selectFrom('users').select('password_hash as value').where('password_hash', 'is not', null).execute(),
    db.selectFrom('sessions').select('token_hash as value').execute(),
    db.selectFrom('listen_links').select('token_sealed as value').where('token_sealed', 'is not', null).execute(),
    db.selectFrom('storytellers').select('link_sealed as value').where('link_sealed', 'is not', null).execute(),
    db.selectFrom('users').select('email as value').where('is_storyteller', '=', 1).execute(),
  ]);
  return [...passwords, ...sessions, ...codes, ...links, ...reserved].map((row) => row.value!);
}

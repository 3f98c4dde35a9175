// The memories of an archive with what hangs on them (their timelines, shares, tags, files,
// follow-ups, listen codes), then comments, questions and storytellers: each written with its
// own id when absent, one transaction per memory or comment, files stored before it.
import type { TranscriptionStatus } from '../../../common/audio.js';
import { flag } from '../../db/flags.js';
import { recordsOf } from './records.js';
import { exists, mediaRow, personOf, presentIds, storeFile, type ImportRun } from './write.js';

/** The words of a recording are there, or none came: nothing is left for the transcription job. */
const statusOf = (words: string | null): TranscriptionStatus => (words && words.trim() !== '' ? 'done' : 'none');

async function presentHashes(run: ImportRun, hashes: string[]): Promise<Set<string>> {
  if (!run.db || hashes.length === 0) return new Set();
  const rows = await run.db.selectFrom('listen_links').select('token_hash').where('token_hash', 'in', hashes).execute();
  return new Set(rows.map((row) => row.token_hash));
}

/** Memories between two lines of progress. */
const PROGRESS_EVERY = 500;

export async function writeMemories(run: ImportRun): Promise<void> {
  let seen = 0;
  for await (const memory of recordsOf(run.bag, 'memories')) {
    if (run.apply && ++seen % PROGRESS_EVERY === 0) run.log(`Memories: ${seen} of ${run.header.counts.memories}`);
    if (await exists(run, 'memories', { id: memory.id })) {
      run.counts.memories.already++;
      run.counts.listenCodes.already += memory.listenCodes.length;
      continue;
    }
    run.counts.memories.added++;
    const filesThere = await presentIds(run, 'media', memory.files.map((file) => file.mediaId));
    const keys = new Map<string, string>();
    for (const file of memory.files) keys.set(file.mediaId, filesThere.has(file.mediaId) ? mediaRow(run, file, null).storage_key : await storeFile(run, file));
    const keyOf = (mediaId: string | null) => (mediaId === null ? null : keys.get(mediaId)!);
    const followUpsThere = await presentIds(run, 'follow_up_responses', memory.followUps.map((followUp) => followUp.id));
    const codesThere = await presentIds(run, 'listen_links', memory.listenCodes.map((code) => code.id));
    // A token's hash is unique: one held here already (the same code under another id) plays as it is.
    const hashesThere = await presentHashes(run, memory.listenCodes.map((code) => code.tokenSha256));
    const codes = memory.listenCodes.filter((code) => !codesThere.has(code.id) && !hashesThere.has(code.tokenSha256));
    run.counts.listenCodes.added += codes.length;
    run.counts.listenCodes.already += memory.listenCodes.length - codes.length;
    if (!run.apply || !run.db) continue;

    await run.db.transaction().execute(async (trx) => {
      await trx.insertInto('memories').values({
        id: memory.id,
        title: memory.title,
        content: memory.content,
        transcription: memory.transcription,
        user_id: personOf(run, memory.authorId),
        family_id: memory.familyId,
        audio_key: keyOf(memory.voiceMediaId),
        audience: memory.audience,
        transcription_status: statusOf(memory.voiceMediaId ? memory.transcription : null),
        created_at: memory.createdAt,
        updated_at: memory.updatedAt,
      }).execute();
      const timelineIds = [...new Set(memory.timelineIds)];
      if (timelineIds.length > 0) await trx.insertInto('memory_timelines').values(timelineIds.map((timelineId) => ({ memory_id: memory.id, timeline_id: timelineId }))).execute();
      // Two people of the archive may be one account here (matched by e-mail).
      const shares = [...new Set(memory.sharedWith.map((id) => personOf(run, id)))];
      if (shares.length > 0) await trx.insertInto('memory_shares').values(shares.map((userId) => ({ memory_id: memory.id, user_id: userId }))).execute();
      const tags = [...new Set(memory.tags)];
      if (tags.length > 0) await trx.insertInto('memory_tags').values(tags.map((tag) => ({ memory_id: memory.id, tag }))).execute();
      const files = memory.files.filter((file) => !filesThere.has(file.mediaId));
      if (files.length > 0) await trx.insertInto('media').values(files.map((file) => mediaRow(run, file, memory.id))).execute();
      const followUps = memory.followUps.filter((followUp) => !followUpsThere.has(followUp.id));
      if (followUps.length > 0) {
        await trx.insertInto('follow_up_responses').values(followUps.map((followUp) => ({
          id: followUp.id,
          memory_id: memory.id,
          question: followUp.question,
          answer: followUp.answer,
          audio_key: keyOf(followUp.voiceMediaId),
          position: followUp.position,
          transcription_status: statusOf(followUp.voiceMediaId ? followUp.answer : null),
        }))).execute();
      }
      // The token is never in an archive: its hash resolves the printed code, and with no
      // sealed copy this instance cannot print it again (a new code can be made).
      if (codes.length > 0) {
        await trx.insertInto('listen_links').values(codes.map((code) => ({
          id: code.id,
          memory_id: memory.id,
          token_hash: code.tokenSha256,
          token_sealed: null,
          created_by: code.createdBy === null ? null : personOf(run, code.createdBy),
          created_at: code.createdAt,
        }))).execute();
      }
    });
  }
  await writeComments(run);
  await writeQuestions(run);
  await writeStorytellers(run);
}

async function writeComments(run: ImportRun): Promise<void> {
  for await (const comment of recordsOf(run.bag, 'comments')) {
    if (await exists(run, 'comments', { id: comment.id })) {
      run.counts.comments.already++;
      continue;
    }
    run.counts.comments.added++;
    const voice = comment.voice;
    const voiceThere = voice ? await exists(run, 'media', { id: voice.mediaId }) : false;
    const audioKey = voice ? (voiceThere ? mediaRow(run, voice, null).storage_key : await storeFile(run, voice)) : null;
    if (!run.apply || !run.db) continue;
    await run.db.transaction().execute(async (trx) => {
      if (voice && !voiceThere) await trx.insertInto('media').values(mediaRow(run, voice, comment.memoryId)).execute();
      await trx.insertInto('comments').values({
        id: comment.id,
        memory_id: comment.memoryId,
        user_id: personOf(run, comment.authorId),
        content: comment.content,
        transcription: comment.transcription,
        audio_key: audioKey,
        transcription_status: statusOf(voice ? comment.transcription : null),
        created_at: comment.createdAt,
      }).execute();
    });
  }
}

async function writeQuestions(run: ImportRun): Promise<void> {
  for await (const question of recordsOf(run.bag, 'questions')) {
    if (await exists(run, 'questions', { id: question.id })) {
      run.counts.questions.already++;
      continue;
    }
    run.counts.questions.added++;
    if (!run.apply || !run.db) continue;
    await run.db.insertInto('questions').values({
      id: question.id,
      timeline_id: question.timelineId,
      asked_by: personOf(run, question.askedBy),
      for_user_id: question.forPersonId === null ? null : personOf(run, question.forPersonId),
      text: question.text,
      answered_memory_id: question.answeredMemoryId,
      created_at: question.createdAt,
    }).execute();
  }
}

async function writeStorytellers(run: ImportRun): Promise<void> {
  for await (const storyteller of recordsOf(run.bag, 'storytellers')) {
    const userId = personOf(run, storyteller.personId);
    if (await exists(run, 'storytellers', { user_id: userId })) {
      run.counts.storytellers.already++;
      continue;
    }
    run.counts.storytellers.added++;
    if (!run.apply || !run.db) continue;
    // A link's hash is unique: held here by another storyteller, this one's link is not kept.
    const linkHash = storyteller.linkSha256 && !(await exists(run, 'storytellers', { link_hash: storyteller.linkSha256 })) ? storyteller.linkSha256 : null;
    await run.db.insertInto('storytellers').values({
      user_id: userId,
      timeline_id: storyteller.timelineId,
      created_by: storyteller.createdBy === null ? null : personOf(run, storyteller.createdBy),
      email: storyteller.email,
      link_hash: linkHash,
      link_sealed: null,
      reminder_weekday: storyteller.reminder?.weekday ?? null,
      reminder_time: storyteller.reminder?.time ?? null,
      reminder_tz: storyteller.reminder?.timeZone ?? null,
      reminders_stopped: flag(storyteller.remindersStopped),
      reminded_question_id: null,
      reminded_at: null,
      created_at: storyteller.createdAt,
      updated_at: storyteller.updatedAt,
    }).execute();
  }
}

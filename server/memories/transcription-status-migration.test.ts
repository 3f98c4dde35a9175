// Migration 0015 (issue 22 "Every recording gets its words"): every recording written before it
// is classified from what it holds, on both dialects: words beside a recording are 'done', a
// recording without words is 'none' (transcribe:missing queues it), a row without one 'none'.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../db/index.js';
import { databaseMigratedUpTo } from '../db/migration-test-support.js';
import { dialects } from '../test/app.js';
import { makeMemory, makeUser } from '../test/factories.js';

describe.each(dialects)('migration 0015_transcription_status on %s', (dialect: Dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("calls a recording with words 'done' and one without words 'none', for memories, spoken answers and voice comments", async () => {
    const { ctx, migrate } = await databaseMigratedUpTo(dialect, '0014_jobs', cleanups);
    const { user } = await makeUser(ctx);
    const told = await makeMemory(ctx, user, { title: 'Told' });
    const unheard = await makeMemory(ctx, user, { title: 'Unheard' });
    const written = await makeMemory(ctx, user, { title: 'Written' });
    await ctx.db.updateTable('memories').set({ audio_key: 'audio/told.webm', transcription: 'We met at the dance.' }).where('id', '=', told.id).execute();
    await ctx.db.updateTable('memories').set({ audio_key: 'audio/unheard.webm' }).where('id', '=', unheard.id).execute();
    const answer = (answerText: string, audioKey: string | null, position: number) => ({
      id: randomUUID(),
      memory_id: told.id,
      question: `Question ${position}?`,
      answer: answerText,
      audio_key: audioKey,
      position,
    });
    const answers = [
      answer('Aunt May.', 'audio/answer-0.webm', 0),
      answer('Audio response (no transcription available)', 'audio/answer-1.webm', 1),
      answer('Audio response (transcription failed)', 'audio/answer-2.webm', 2),
      answer('Typed, not said.', null, 3),
    ];
    await ctx.db.insertInto('follow_up_responses').values(answers).execute();
    const comment = (transcription: string | null, audioKey: string | null, content: string | null) => ({
      id: randomUUID(),
      memory_id: told.id,
      user_id: user.id,
      content,
      transcription,
      audio_key: audioKey,
      created_at: new Date().toISOString(),
    });
    const comments = [comment('Lovely.', 'comment-audio/a.webm', null), comment(null, 'comment-audio/b.webm', null), comment(null, null, 'Typed.')];
    await ctx.db.insertInto('comments').values(comments).execute();

    await migrate();

    const memoryStatus = async (id: string) => (await ctx.db.selectFrom('memories').select('transcription_status').where('id', '=', id).executeTakeFirstOrThrow()).transcription_status;
    expect(await memoryStatus(told.id)).toBe('done');
    expect(await memoryStatus(unheard.id)).toBe('none');
    expect(await memoryStatus(written.id)).toBe('none');
    const answerStatuses = await ctx.db.selectFrom('follow_up_responses').select('transcription_status').orderBy('position').execute();
    expect(answerStatuses.map((row) => row.transcription_status)).toEqual(['done', 'none', 'none', 'none']);
    const commentStatus = async (id: string) => (await ctx.db.selectFrom('comments').select('transcription_status').where('id', '=', id).executeTakeFirstOrThrow()).transcription_status;
    expect(await Promise.all(comments.map((row) => commentStatus(row.id)))).toEqual(['done', 'none', 'none']);
    // Only the five statuses are stored.
    await expect(ctx.db.updateTable('memories').set({ transcription_status: 'lost' as 'none' }).where('id', '=', told.id).execute()).rejects.toThrow();
    expect(await memoryStatus(told.id)).toBe('done');
  });
});

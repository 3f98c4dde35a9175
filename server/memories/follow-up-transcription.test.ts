// DESIGN "Voice is never dropped", "AI": with a transcription service configured, a spoken
// follow-up answer saved under a placeholder gets its words after the memory is saved, in
// the answer and in the notes' "Q: … A: …" block if that still reads as saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { oggRecording } from '../audio/test-recordings.js';
import { formBody } from '../media/test-support.js';
import { startTestTranscriptionServer, type TestTranscriptionServer } from '../providers/ai/test-transcription-server.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { replaceFollowUpBlock } from './words.js';
import { followUpAudioFile, memoryFields, wavBytes, type FollowUpSent } from './test-support.js';

const none = messages.audioAnswerNoTranscription;
const failed = messages.audioAnswerTranscriptionFailed;
const block = (question: string, answer: string) => `Q: ${question}\nA: ${answer}`;

describe('replacing a follow-up block in the notes', () => {
  it('replaces the whole block, wherever it stands, and only a whole one', () => {
    expect(replaceFollowUpBlock(block('Who?', none), 'Who?', none, 'Nan')).toBe(block('Who?', 'Nan'));
    expect(replaceFollowUpBlock(`Intro\n\n${block('Who?', none)}\n\n${block('Why?', 'Because')}`, 'Who?', none, 'Nan')).toBe(`Intro\n\n${block('Who?', 'Nan')}\n\n${block('Why?', 'Because')}`);
    // An answer the creator has since written on from the placeholder is theirs now.
    expect(replaceFollowUpBlock(`${block('Who?', none)} and Grandpa`, 'Who?', none, 'Nan')).toBeNull();
    expect(replaceFollowUpBlock(`Also Q: Who?\nA: ${none}`, 'Who?', none, 'Nan')).toBeNull();
    expect(replaceFollowUpBlock(`${block('Who?', none)} too\n${block('Who?', none)}`, 'Who?', none, 'Nan')).toBe(`${block('Who?', none)} too\n${block('Who?', 'Nan')}`);
    expect(replaceFollowUpBlock('Edited away', 'Who?', none, 'Nan')).toBeNull();
  });
});

describe.each(dialects)('transcribing spoken follow-up answers on %s', (dialect) => {
  let stt: TestTranscriptionServer;
  beforeAll(async () => {
    stt = await startTestTranscriptionServer();
  });
  afterAll(() => stt.close());

  /** An app (with the transcription service unless `configured` is false), a creator and a timeline. */
  async function setUp(configured = true) {
    const t = await makeTestApp(dialect, configured ? { env: { TRANSCRIBE_URL: stt.url, TRANSCRIBE_MODEL: 'whisper-test' } } : {});
    const creator = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user);
    return { t, creator, timelineId: timeline.id };
  }
  async function save(t: TestApp, creator: MadeUser, timelineId: string, responses: FollowUpSent[], recordings: Buffer[], content?: string) {
    const { payload, headers } = await formBody([
      ...memoryFields({ timelineIds: [timelineId], followUpResponses: responses, content: content ?? responses.map((each) => block(each.question, each.answer)).join('\n\n') }),
      ...recordings.map((recording) => followUpAudioFile(recording)),
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
    expect(response.statusCode).toBe(201);
    return response.json();
  }
  const answersOf = async (t: TestApp, memoryId: string) =>
    (await t.ctx.db.selectFrom('follow_up_responses').select('answer').where('memory_id', '=', memoryId).orderBy('position').execute()).map((row) => row.answer);
  const contentOf = async (t: TestApp, memoryId: string) => (await t.ctx.db.selectFrom('memories').select('content').where('id', '=', memoryId).executeTakeFirstOrThrow()).content;
  const statusesOf = async (t: TestApp, memoryId: string) =>
    (await t.ctx.db.selectFrom('follow_up_responses').select('transcription_status').where('memory_id', '=', memoryId).orderBy('position').execute()).map(
      (row) => row.transcription_status,
    );
  const spoken = (question: string, answer: string = none): FollowUpSent => ({ question, answer, hasAudio: true, audioDuration: 4 });

  it('answers 201 without waiting, then the words replace the placeholder in the answer and in the notes', async () => {
    const { t, creator, timelineId } = await setUp();
    try {
      stt.received.length = 0;
      stt.reply = { kind: 'text', text: '  All the cousins, and Nan.  ' };
      const ogg = oggRecording();
      const content = `We swam until dark.\n\n${block('Who was there?', none)}\n\n${block('What did you eat?', 'Fish and chips')}`;
      const memory = await save(t, creator, timelineId, [spoken('Who was there?'), { question: 'What did you eat?', answer: 'Fish and chips', hasAudio: false }], [ogg], content);
      // The 201 does not wait for the words (they may already be there on a fast machine).
      expect([none, 'All the cousins, and Nan.']).toContain(memory.followUpResponses[0].answer);

      expect(memory.followUpResponses.map((answer: { transcriptionStatus: string }) => answer.transcriptionStatus)).toEqual(['queued', 'none']);
      await t.settleJobs();
      expect(await answersOf(t, memory.id)).toEqual(['All the cousins, and Nan.', 'Fish and chips']);
      expect(await contentOf(t, memory.id)).toBe(`We swam until dark.\n\n${block('Who was there?', 'All the cousins, and Nan.')}\n\n${block('What did you eat?', 'Fish and chips')}`);
      // The recording itself went, by its bytes' type, and it stays with the answer.
      expect(stt.received).toHaveLength(1);
      expect(stt.received[0]!.file!.name).toBe('recording.ogg');
      expect(stt.received[0]!.file!.bytes.equals(ogg)).toBe(true);
      const read = await t.app.inject({ method: 'GET', url: `/api/memories/${memory.id}`, headers: { cookie: creator.cookie } });
      expect(read.json().followUpResponses[0]).toEqual({
        question: 'Who was there?',
        answer: 'All the cousins, and Nan.',
        audioUrl: memory.followUpResponses[0].audioUrl,
        audioDuration: 4,
        transcriptionStatus: 'done',
      });
    } finally {
      await t.close();
    }
  });

  it("transcribes every spoken answer under either placeholder, losing none of the notes' changes, by their jobs", async () => {
    const { t, creator, timelineId } = await setUp();
    try {
      stt.received.length = 0;
      stt.reply = { kind: 'text', text: 'Grandpa sang.' };
      const memory = await save(t, creator, timelineId, [spoken('Who sang?'), spoken('What song?', failed), spoken('Where?')], [wavBytes(), wavBytes(5000), wavBytes(6000)]);
      await t.settleJobs();
      expect(stt.received).toHaveLength(3);
      expect(await answersOf(t, memory.id)).toEqual(['Grandpa sang.', 'Grandpa sang.', 'Grandpa sang.']);
      expect(await contentOf(t, memory.id)).toBe([block('Who sang?', 'Grandpa sang.'), block('What song?', 'Grandpa sang.'), block('Where?', 'Grandpa sang.')].join('\n\n'));
    } finally {
      await t.close();
    }
  });

  it('leaves notes that no longer hold the block as they are, and still gives the answer its words', async () => {
    const { t, creator, timelineId } = await setUp();
    try {
      stt.reply = { kind: 'text', text: 'On the pier.' };
      const memory = await save(t, creator, timelineId, [spoken('Where?')], [wavBytes()], `My own words.\n\n${block('Where?', `${none}, I think`)}`);
      await t.settleJobs();
      expect(await answersOf(t, memory.id)).toEqual(['On the pier.']);
      expect(await contentOf(t, memory.id)).toBe(`My own words.\n\n${block('Where?', `${none}, I think`)}`);
    } finally {
      await t.close();
    }
  });

  it('sends nothing for a spoken answer that already has its words', async () => {
    const { t, creator, timelineId } = await setUp();
    try {
      stt.received.length = 0;
      const memory = await save(t, creator, timelineId, [spoken('Who?', 'Nan and Grandpa')], [wavBytes()]);
      await t.settleJobs();
      expect(stt.received).toEqual([]);
      expect(await answersOf(t, memory.id)).toEqual(['Nan and Grandpa']);
    } finally {
      await t.close();
    }
  });

  it.each([
    ['fails', { kind: 'status', status: 500 } as const],
    ['hears nothing', { kind: 'text', text: '   ' } as const],
  ])('keeps the placeholder, the notes and the recording when the service %s', async (_, reply) => {
    const { t, creator, timelineId } = await setUp();
    try {
      stt.received.length = 0;
      stt.reply = reply;
      const memory = await save(t, creator, timelineId, [spoken('Who?')], [wavBytes()]);
      await t.settleJobs();
      // A failing service is asked again after each pause, then the answer says its words are not coming.
      expect(stt.received).toHaveLength(reply.kind === 'status' ? 5 : 1);
      expect(await answersOf(t, memory.id)).toEqual([none]);
      expect(await statusesOf(t, memory.id)).toEqual([reply.kind === 'status' ? 'failed' : 'done']);
      expect(await contentOf(t, memory.id)).toBe(block('Who?', none));
      expect(await t.ctx.media.exists(memory.followUpResponses[0].audioUrl.slice('/uploads/'.length))).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('with no transcription service, keeps the placeholder and sends nothing', async () => {
    const { t, creator, timelineId } = await setUp(false);
    try {
      stt.received.length = 0;
      const memory = await save(t, creator, timelineId, [spoken('Who?')], [wavBytes()]);
      await t.settleJobs();
      expect(stt.received).toEqual([]);
      expect(await answersOf(t, memory.id)).toEqual([none]);
      // Saved while no engine writes words: 'none', which transcribe:missing queues once one is configured.
      expect(await statusesOf(t, memory.id)).toEqual(['none']);
      expect(memory.followUpResponses[0].audioUrl).toMatch(/^\/uploads\/audio\//);
    } finally {
      await t.close();
    }
  });
});

// DESIGN "Voice is never dropped" (issue 9 "Voice"): POST /api/memories keeps the recording of
// each follow-up answer given by voice, with its length and the memory recording's length;
// the memory JSON shows them; GET /uploads serves them to the memory's viewers only; editing
// keeps them, deleting the memory removes them; bad input is refused in words, keeping nothing.
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { formBody, imageOf, type FormPart } from '../media/test-support.js';
import { filesUnder } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { audioFile, followUpAudioFile, imageFile, memoryFields, wavBytes, type FollowUpSent } from './test-support.js';
import { strayFiles } from './edit-test-support.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const keyOf = (url: string) => url.slice('/uploads/'.length);

describe.each(dialects)('spoken follow-up answers on %s', (dialect) => {
  let t: TestApp;
  let creator: MadeUser, viewer: MadeUser, member: MadeUser, stranger: MadeUser;
  let timelineId: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [creator, viewer, member, stranger] = await Promise.all([makeUser(t.ctx, { displayName: 'Grandma Rose' }), makeUser(t.ctx), makeUser(t.ctx), makeUser(t.ctx)]);
    timelineId = (await makeTimeline(t.ctx, creator.user, { members: [viewer.user, member.user] })).id;
  });
  afterAll(() => t.close());

  async function post(parts: FormPart[], cookie = creator.cookie) {
    const { payload, headers } = await formBody(parts);
    return t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie } });
  }
  const get = (url: string, who?: MadeUser) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const answersOf = (memoryId: string) =>
    t.ctx.db.selectFrom('follow_up_responses').select(['question', 'answer', 'audio_key', 'position']).where('memory_id', '=', memoryId).orderBy('position').execute();
  const audioRowsOf = async (memoryId: string) =>
    (await t.ctx.db.selectFrom('media').select(['storage_key', 'position', 'duration', 'mime_type']).where('memory_id', '=', memoryId).where('kind', '=', 'audio').orderBy('position').execute()).map(
      (row) => ({ ...row, duration: row.duration === null ? null : Number(row.duration) }),
    );
  const memoryCount = async () => (await t.ctx.db.selectFrom('memories').select('id').where('user_id', '=', creator.user.id).execute()).length;
  const answerCount = async () => (await t.ctx.db.selectFrom('follow_up_responses').select('id').execute()).length;

  const spoken = (question: string, audioDuration?: number): FollowUpSent => ({ question, answer: messages.audioAnswerNoTranscription, hasAudio: true, audioDuration });
  const typed = (question: string, answer: string): FollowUpSent => ({ question, answer, hasAudio: false });

  /** A voice-only story with one typed and two spoken answers, shared with `viewer`. */
  async function voiceStory() {
    const story = wavBytes(16_000);
    const [first, second] = [wavBytes(4_000), wavBytes(6_000)];
    const responses = [typed('Who was there?', 'All the cousins'), spoken('What did you eat?', 12.5), spoken('Where did you sleep?')];
    const content = responses.map((response) => `Q: ${response.question}\nA: ${response.answer}`).join('\n\n');
    const response = await post([
      ...memoryFields({ title: 'Summer at the lake', content, timelineIds: [timelineId], sharedWith: [viewer.user.id], audioDuration: '42.5', followUpResponses: responses }),
      audioFile(story),
      followUpAudioFile(first),
      followUpAudioFile(second, 'answer.webm', 'audio/webm'),
    ]);
    expect(response.statusCode).toBe(201);
    return { memory: response.json(), story, first, second, content };
  }

  it('keeps each spoken answer with its recording and length, in order, beside the memory recording and its length', async () => {
    const { memory, story, first, second, content } = await voiceStory();
    expect(memory).toMatchObject({
      content,
      audioUrl: expect.stringMatching(new RegExp(`^/uploads/audio/${UUID}\\.wav$`)),
      audioDuration: 42.5,
      followUpResponses: [
        { question: 'Who was there?', answer: 'All the cousins', audioUrl: null, audioDuration: null },
        { question: 'What did you eat?', answer: messages.audioAnswerNoTranscription, audioUrl: expect.stringMatching(new RegExp(`^/uploads/audio/${UUID}\\.wav$`)), audioDuration: 12.5 },
        { question: 'Where did you sleep?', answer: messages.audioAnswerNoTranscription, audioUrl: expect.stringMatching(new RegExp(`^/uploads/audio/${UUID}\\.wav$`)), audioDuration: null },
      ],
    });
    const [, eat, sleep] = memory.followUpResponses;
    expect(new Set([memory.audioUrl, eat.audioUrl, sleep.audioUrl]).size).toBe(3);

    expect(await answersOf(memory.id)).toEqual([
      { question: 'Who was there?', answer: 'All the cousins', audio_key: null, position: 0 },
      { question: 'What did you eat?', answer: messages.audioAnswerNoTranscription, audio_key: keyOf(eat.audioUrl), position: 1 },
      { question: 'Where did you sleep?', answer: messages.audioAnswerNoTranscription, audio_key: keyOf(sleep.audioUrl), position: 2 },
    ]);
    // Media rows of kind 'audio' like the memory's own: the memory's at 0, each answer's at its position + 1.
    expect(await audioRowsOf(memory.id)).toEqual([
      { storage_key: keyOf(memory.audioUrl), position: 0, duration: 42.5, mime_type: 'audio/wav' },
      { storage_key: keyOf(eat.audioUrl), position: 2, duration: 12.5, mime_type: 'audio/wav' },
      { storage_key: keyOf(sleep.audioUrl), position: 3, duration: null, mime_type: 'audio/wav' },
    ]);

    // The list and the single read say the same; each recording comes back byte for byte.
    expect((await get(`/api/memories/${memory.id}`, viewer)).json()).toMatchObject({ audioDuration: 42.5, followUpResponses: memory.followUpResponses });
    const listed = (await get('/api/memories', creator)).json().find((item: { id: string }) => item.id === memory.id);
    expect(listed.followUpResponses).toEqual(memory.followUpResponses);
    for (const [url, bytes] of [[memory.audioUrl, story], [eat.audioUrl, first], [sleep.audioUrl, second]] as const) {
      const served = await get(url, viewer);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('serves a spoken answer to the creator and whom it is shared with, 404 to a member it is not shared with, a stranger and the signed out', async () => {
    const { memory } = await voiceStory();
    const url = memory.followUpResponses[1].audioUrl;
    expect((await get(url, creator)).statusCode).toBe(200);
    expect((await get(url, viewer)).statusCode).toBe(200);
    for (const who of [member, stranger, undefined]) expect((await get(url, who)).statusCode).toBe(404);

    // Access follows the memory's sharing: shared with the member now, they may hear it.
    const shared = await t.app.inject({ method: 'POST', url: `/api/memories/${memory.id}/share`, headers: { cookie: creator.cookie }, payload: { userIds: [member.user.id] } });
    expect(shared.statusCode).toBe(200);
    expect((await get(url, member)).statusCode).toBe(200);
    expect((await get(url, viewer)).statusCode).toBe(404);
  });

  it('keeps the spoken answers when the memory is edited', async () => {
    const { memory, first } = await voiceStory();
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/memories/${memory.id}`,
      headers: { cookie: creator.cookie },
      payload: { title: 'Summer at the lake, 1987', content: 'We swam until dark.' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Summer at the lake, 1987', audioDuration: 42.5, followUpResponses: memory.followUpResponses });
    const served = await get(memory.followUpResponses[1].audioUrl, viewer);
    expect([served.statusCode, served.rawPayload.equals(first)]).toEqual([200, true]);
    expect(await audioRowsOf(memory.id)).toHaveLength(3);
  });

  it('removes the spoken answers and their files with the memory', async () => {
    const { memory } = await voiceStory();
    const keys = [memory.audioUrl, memory.followUpResponses[1].audioUrl, memory.followUpResponses[2].audioUrl].map(keyOf);
    const stored = await filesUnder(join(t.ctx.config.dataDir, 'media'));
    expect(stored).toEqual(expect.arrayContaining(keys));

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/memories/${memory.id}`, headers: { cookie: creator.cookie } });
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { success: true }]);
    expect(await answersOf(memory.id)).toEqual([]);
    const left = await filesUnder(join(t.ctx.config.dataDir, 'media'));
    for (const key of keys) expect(left).not.toContain(key);
  });

  describe('refusals keep nothing', () => {
    const twoSpoken = [spoken('What did you eat?'), spoken('Where did you sleep?')];
    /** The text fields on the family timeline, with a photo first when files follow, so a refusal must take back what was stored. */
    const form = async (fields: Parameters<typeof memoryFields>[0], ...files: FormPart[]): Promise<FormPart[]> => [
      ...memoryFields({ timelineIds: [timelineId], ...fields }),
      ...(files.length > 0 ? [imageFile(await imageOf('webp')), ...files] : []),
    ];
    it.each<[string, () => Promise<FormPart[]>, string]>([
      ['followUpResponses that are not JSON', () => form({ followUpResponses: '[{question: "Who?"' }), messages.followUpResponsesInvalid],
      ['followUpResponses that are not a list', () => form({ followUpResponses: '{"question":"Who?"}' }), messages.followUpResponsesInvalid],
      ['an answer without its question', () => form({ followUpResponses: '[{"question":"  ","answer":"Me","hasAudio":false}]' }), messages.followUpResponseQuestionInvalid],
      ['an answer that does not say whether it has a recording', () => form({ followUpResponses: '[{"question":"Who?","answer":"Me"}]' }), messages.followUpResponseHasAudioInvalid],
      ['an answer that is not text', () => form({ followUpResponses: '[{"question":"Who?","answer":7,"hasAudio":false}]' }), messages.followUpResponseAnswerInvalid],
      ['an answer of 10 001 characters', () => form({ followUpResponses: [typed('Who?', 'a'.repeat(10_001))] }), messages.followUpResponseAnswerInvalid],
      ['a question of 501 characters', () => form({ followUpResponses: [typed(`${'q'.repeat(500)}?`, 'Me')] }), messages.followUpResponseQuestionInvalid],
      ['52 answers', () => form({ followUpResponses: Array.from({ length: 52 }, (_, i) => typed(`Question ${i}?`, 'Yes')) }), messages.followUpResponsesTooMany],
      ['a length for a typed answer', () => form({ followUpResponses: [{ ...typed('Who?', 'Me'), audioDuration: 3 }] }), messages.followUpResponseDurationInvalid],
      ['a negative length for a spoken answer', () => form({ followUpResponses: [spoken('Who?', -1)] }, followUpAudioFile(wavBytes())), messages.followUpResponseDurationInvalid],
      ['a memory recording length that is no number', () => form({ audioDuration: 'long' }, audioFile(wavBytes())), messages.audioDurationInvalid],
      ['a memory recording length over an hour', () => form({ audioDuration: '3601' }, audioFile(wavBytes())), messages.audioDurationInvalid],
      ['a memory recording length without a recording', async () => form({ audioDuration: '12' }, imageFile(await imageOf('png'))), messages.audioDurationWithoutAudio],
      ['two spoken answers with one recording', () => form({ followUpResponses: twoSpoken }, audioFile(wavBytes()), followUpAudioFile(wavBytes())), messages.followUpAudioCountMismatch(2, 1)],
      ['one spoken answer with two recordings', () => form({ followUpResponses: [spoken('Who?')] }, followUpAudioFile(wavBytes()), followUpAudioFile(wavBytes())), messages.followUpAudioCountMismatch(1, 2)],
      ['a recording for a typed answer', () => form({ followUpResponses: [typed('Who?', 'Me')] }, followUpAudioFile(wavBytes())), messages.followUpAudioCountMismatch(0, 1)],
      ['a spoken answer whose recording is a picture', async () => form({ followUpResponses: [spoken('Who?')] }, followUpAudioFile(await imageOf('png'), 'answer.webm', 'audio/webm')), messages.audioTypeRefused],
      [
        'followUpResponses sent after a file',
        () => form({}, audioFile(wavBytes()), { name: 'followUpResponses', value: JSON.stringify([spoken('Who?')]) }),
        messages.formFieldsAfterFiles,
      ],
    ])('refuses %s with 400 in words, storing no memory, answer, row or file', async (_, parts, message) => {
      const [memoriesBefore, answersBefore] = [await memoryCount(), await answerCount()];
      const response = await post(await parts());
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
      expect([await memoryCount(), await answerCount()]).toEqual([memoriesBefore, answersBefore]);
      expect(await strayFiles(t)).toEqual([]);
    });

    it('refuses a spoken answer of more than 50 MB with 413 while it streams, keeping nothing', async () => {
      const [memoriesBefore, answersBefore] = [await memoryCount(), await answerCount()];
      const boundary = '----heirloom-test-boundary';
      const field = (name: string, value: string) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      const head = Buffer.from(
        field('title', 'A long answer') +
          field('timelineIds', JSON.stringify([timelineId])) +
          field('followUpResponses', JSON.stringify([spoken('Who?')])) +
          `--${boundary}\r\ncontent-disposition: form-data; name="followUpAudio"; filename="answer.wav"\r\ncontent-type: audio/wav\r\n\r\n`,
      );
      const chunk = Buffer.alloc(1024 * 1024, 7);
      const payload = Readable.from(
        (function* () {
          yield head;
          yield wavBytes();
          for (let i = 0; i < 51; i++) yield chunk;
          yield Buffer.from(`\r\n--${boundary}--\r\n`);
        })(),
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/memories',
        headers: { cookie: creator.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect([response.statusCode, response.json()]).toEqual([413, { message: messages.audioTooLarge }]);
      expect([await memoryCount(), await answerCount()]).toEqual([memoriesBefore, answersBefore]);
      expect(await strayFiles(t)).toEqual([]);
    }, 60_000);

    it('refuses a stranger to the timeline with 404 before any recording is stored', async () => {
      const response = await post([...memoryFields({ timelineIds: [timelineId], followUpResponses: [spoken('Who?')] }), followUpAudioFile(wavBytes())], stranger.cookie);
      expect([response.statusCode, response.json()]).toEqual([404, { message: messages.timelineNotFound }]);
      expect(await strayFiles(t)).toEqual([]);
    });
  });
});

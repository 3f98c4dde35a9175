// issue 23, the storyteller's side (DESIGN "Storytellers (no account)"): the link is the only
// credential; its answers are kept by no cache, send no referrer, are not indexed and set no
// cookie; a GET changes nothing; a story lands on the link's timeline for every member, made
// by the storyteller, titled by its question, its voice queued for words; bad input writes
// nothing; guessing is limited per address. On both dialects.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MEMORY_TITLE_MAX } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { enterPastedTitle } from '../../common/title-rules.js';
import type { Memory } from '../../common/memories.js';
import type { TellPage } from '../../common/storytellers.js';
import { jobsOf } from '../jobs/index.js';
import { formBody, type FormPart } from '../media/test-support.js';
import { audioFile, imageFile, memoryFields, wavBytes } from '../memories/test-support.js';
import { startTestTranscriptionServer, type TestTranscriptionServer } from '../providers/ai/test-transcription-server.js';
import { imageOf } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { redactedUrl } from '../http/log-redaction.js';
import { addStoryteller, as, makeFamilyTimeline, rowCounts, tell, type Family } from './test-support.js';

describe.each(dialects)("a storyteller's link on %s", (dialect) => {
  let t: TestApp;
  let stt: TestTranscriptionServer;
  let family: Family;
  let rose: Awaited<ReturnType<typeof addStoryteller>>;
  let address = 0;
  /** Each test guesses from an address of its own, so the limit of one never meets another's. */
  const nextAddress = () => `192.0.2.${++address}`;

  beforeAll(async () => {
    stt = await startTestTranscriptionServer();
    t = await makeTestApp(dialect, { env: { TRANSCRIBE_URL: stt.url, TRANSCRIBE_MODEL: 'whisper-test' } });
  });
  afterAll(async () => {
    await t.close();
    await stt.close();
  });
  beforeEach(async () => {
    family = await makeFamilyTimeline(t);
    rose = await addStoryteller(t, family.timelineId, family.creator);
  });

  const ask = async (text: string, forUserId?: string) =>
    (await t.app.inject({ method: 'POST', url: `/api/timelines/${family.timelineId}/questions`, payload: { text, forUserId }, headers: as(family.owner) })).json<{ id: string }>();

  async function sendStory(parts: FormPart[], headers: Record<string, string> = {}, token = rose.token) {
    const { payload, headers: form } = await formBody(parts);
    return t.app.inject({ method: 'POST', url: `/api/tell/${token}/memories`, payload, headers: { ...form, ...headers }, remoteAddress: nextAddress() });
  }
  const fieldsWithout = (title: string | undefined, extra: FormPart[] = []): FormPart[] => [...(title ? memoryFields({ title }) : []), ...extra];
  const memoryCount = async () => Number((await t.ctx.db.selectFrom('memories').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('shows only what the link may read, changes nothing, and answers with no-store, no-referrer, noindex and no cookie', async () => {
    const question = await ask('How did you meet Grandpa?', rose.id);
    const before = await rowCounts(t);
    // A family member's browser holding a session opens the link too: still no cookie.
    for (const cookie of [undefined, family.owner.cookie]) {
      const page = await tell(t, rose.token, '', { cookie });
      expect(page.statusCode).toBe(200);
      expect(page.json<TellPage>()).toEqual({
        storyteller: { displayName: 'Grandma Rose' },
        timeline: { name: 'The Hills', color: expect.any(String) },
        question: { id: question.id, text: 'How did you meet Grandpa?', askedBy: 'Owner' },
        prompt: expect.stringMatching(/\S/),
        stories: [],
      });
      expect(page.headers).toMatchObject({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' });
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.headers.etag).toBeUndefined();
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('answers 404 {message} to an unknown token, a stopped link and a storyteller taken off the timeline, on every link call, with the same headers', async () => {
    const before = await memoryCount();
    const from = nextAddress();
    const unknown = await tell(t, 'A'.repeat(43), '', { remoteAddress: from });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: messages.tellLinkNotFound });
    expect(unknown.headers).toMatchObject({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' });
    expect((await tell(t, 'short', '', { remoteAddress: from })).statusCode).toBe(404);

    const opensNothing = async (token: string, why: string) => {
      for (const [rest, method, payload] of [['', 'GET'], ['/follow-up', 'POST', { memoryContent: 'We met.' }], ['/unsubscribe', 'POST']] as const) {
        expect((await tell(t, token, rest, { method, remoteAddress: from, payload })).statusCode, `${method} ${rest} ${why}`).toBe(404);
      }
      expect((await sendStory(fieldsWithout('Too late'), {}, token)).statusCode, `a story ${why}`).toBe(404);
    };

    const link = `/api/storytellers/${rose.id}/link`;
    expect((await t.app.inject({ method: 'DELETE', url: link, headers: as(family.owner) })).statusCode).toBe(204);
    await opensNothing(rose.token, 'with the link stopped');

    const renewed = await t.app.inject({ method: 'POST', url: link, headers: as(family.creator) });
    const token = new URL(renewed.json().link).pathname.split('/').pop()!;
    expect((await tell(t, token)).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/timelines/${family.timelineId}/members/${rose.id}`, headers: as(family.owner) });
    expect(removed.statusCode).toBe(200);
    await opensNothing(token, 'once she is off the timeline');
    expect(await memoryCount()).toBe(before);
  });

  it('files a story on the link’s timeline for every member, by the storyteller, titled by its question, its voice queued for words and the asker told', async () => {
    const question = await ask('What was your wedding day like?');
    const photo = await imageOf('png', 16, 16);
    const sent = await sendStory([{ name: 'questionId', value: question.id }, audioFile(wavBytes()), imageFile(photo)]);
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.headers['set-cookie']).toBeUndefined();
    expect(sent.headers['cache-control']).toBe('no-store');
    const { id } = sent.json<{ id: string }>();

    for (const member of [family.owner, family.creator, family.other]) {
      const seen = await t.app.inject({ method: 'GET', url: `/api/memories/${id}`, headers: as(member) });
      expect(seen.statusCode).toBe(200);
      expect(seen.json<Memory>()).toMatchObject({ title: 'What was your wedding day like?', creator: { id: rose.id, displayName: 'Grandma Rose', isStoryteller: true, email: '' } });
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/memories/${id}`, headers: as(family.stranger) })).statusCode).toBe(404);
    const row = await t.ctx.db.selectFrom('memories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: rose.id, audience: 'timeline', transcription_status: 'queued' });
    const filed = await t.ctx.db.selectFrom('memory_timelines').select('timeline_id').where('memory_id', '=', id).execute();
    expect(filed).toEqual([{ timeline_id: family.timelineId }]);
    expect(await jobsOf(t.ctx.db, { kind: 'memory.words' })).toContainEqual(expect.objectContaining({ state: 'queued', payload: { id } }));

    const answered = await t.ctx.db.selectFrom('questions').select('answered_memory_id').where('id', '=', question.id).executeTakeFirstOrThrow();
    expect(answered.answered_memory_id).toBe(id);
    const told = await t.ctx.db.selectFrom('notifications').select('title').where('user_id', '=', family.owner.user.id).execute();
    expect(told.map((each) => each.title)).toContain(messages.questionAnsweredTitle('Grandma Rose'));

    const page = (await tell(t, rose.token)).json<TellPage>();
    expect(page.question).toBeNull();
    expect(page.stories).toEqual([{ id, title: 'What was your wedding day like?', createdAt: row.created_at }]);
    const listed = await t.app.inject({ method: 'GET', url: `/api/timelines/${family.timelineId}/storytellers`, headers: as(family.other) });
    expect(listed.json()).toEqual([expect.objectContaining({ id: rose.id, stories: 1, lastStoryAt: row.created_at })]);
  });

  it('titles a story with neither title nor question by the prompt the page showed', async () => {
    const { prompt } = (await tell(t, rose.token)).json<TellPage>();
    const sent = await sendStory([audioFile(wavBytes())]);
    expect(sent.statusCode, sent.body).toBe(201);
    const row = await t.ctx.db.selectFrom('memories').select('title').where('id', '=', sent.json().id).executeTakeFirstOrThrow();
    expect(row.title).toBe(enterPastedTitle(prompt).title);
  });

  it('titles a story by a question too long for a title as a pasted title is cut, the rest of the question starting its notes', async () => {
    const long = `${'Tell us about the summer you spent at the farm with your cousins and the horses, '.repeat(4)}and what you learned there.`;
    expect(long.length).toBeGreaterThan(MEMORY_TITLE_MAX);
    const question = await ask(long);
    const sent = await sendStory([...fieldsWithout('', [{ name: 'questionId', value: question.id }]), audioFile(wavBytes())]);
    expect(sent.statusCode, sent.body).toBe(201);
    const row = await t.ctx.db.selectFrom('memories').select(['title', 'content']).where('id', '=', sent.json().id).executeTakeFirstOrThrow();
    expect(row.title.length).toBeLessThanOrEqual(MEMORY_TITLE_MAX);
    expect(long.startsWith(row.title)).toBe(true);
    expect(`${row.title} ${row.content}`.replace(/\s+/g, ' ')).toBe(long);
  });

  it('keeps its own title, and files it on the link’s timeline whatever timeline or audience the form names', async () => {
    const elsewhere = await t.app.inject({ method: 'POST', url: '/api/timelines', payload: { name: 'Secret' }, headers: as(family.owner) });
    const sent = await sendStory([
      ...memoryFields({ title: 'The dance hall', timelineIds: [elsewhere.json().id], sharedWith: [family.owner.user.id] }),
      { name: 'audience', value: 'private' },
    ]);
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json();
    expect(await t.ctx.db.selectFrom('memories').select(['title', 'audience']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ title: 'The dance hall', audience: 'timeline' });
    expect(await t.ctx.db.selectFrom('memory_timelines').select('timeline_id').where('memory_id', '=', id).execute()).toEqual([{ timeline_id: family.timelineId }]);
  });

  it('refuses bad input with a clear 400 and keeps nothing: not a form, a fourth photo', async () => {
    const before = await memoryCount();
    const notForm = await t.app.inject({ method: 'POST', url: `/api/tell/${rose.token}/memories`, payload: { title: 'x' } });
    expect(notForm.statusCode).toBe(400);
    expect(notForm.json()).toEqual({ message: messages.memoryFormNotMultipart });

    const photo = await imageOf('png', 8, 8);
    const four = await sendStory(fieldsWithout('Four photos', [1, 2, 3, 4].map((n) => imageFile(photo, `p${n}.png`))));
    expect(four.statusCode).toBe(400);
    expect(four.json()).toEqual({ message: messages.maxImagesReached });
    expect(await memoryCount()).toBe(before);
  });

  it("keeps a story whose question was answered by someone else, or was not hers, meanwhile: saved, that question left as it was", async () => {
    const otherStoryteller = await addStoryteller(t, family.timelineId, family.owner, { displayName: 'Grandpa Joe' });
    const notHers = await ask('Where were you born, Joe?', otherStoryteller.id);
    const kept = await sendStory(fieldsWithout('', [{ name: 'questionId', value: notHers.id }]));
    expect(kept.statusCode).toBe(201);
    const stillOpen = await t.ctx.db.selectFrom('questions').select('answered_memory_id').where('id', '=', notHers.id).executeTakeFirstOrThrow();
    expect(stillOpen.answered_memory_id).toBeNull();

    const forAnyone = await ask('What was the first song you danced to?');
    const first = await sendStory(fieldsWithout('', [{ name: 'questionId', value: forAnyone.id }]));
    const late = await sendStory(fieldsWithout('', [{ name: 'questionId', value: forAnyone.id }]));
    expect([first.statusCode, late.statusCode]).toEqual([201, 201]);
    const answered = await t.ctx.db.selectFrom('questions').select('answered_memory_id').where('id', '=', forAnyone.id).executeTakeFirstOrThrow();
    expect(answered.answered_memory_id).toBe(first.json().id);
    // Both are titled by the question they answered.
    const titles = await t.ctx.db.selectFrom('memories').select('title').where('id', 'in', [first.json().id, late.json().id]).execute();
    expect(titles.map((row) => row.title)).toEqual(['What was the first song you danced to?', 'What was the first song you danced to?']);
  });

  it('sends a story once for one Idempotency-Key, however often a weak signal resends it', async () => {
    const before = await memoryCount();
    const first = await sendStory(fieldsWithout('Sent twice'), { 'idempotency-key': 'story-1' });
    const again = await sendStory(fieldsWithout('Sent twice'), { 'idempotency-key': 'story-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(await memoryCount()).toBe(before + 1);
    const keys = await t.ctx.db.selectFrom('idempotency_keys').select('route').where('caller', '=', rose.id).execute();
    expect(keys).toEqual([{ route: 'POST /api/tell/{token}/memories' }]);
  });

  it('asks a follow-up question, and stops reminders with RFC 8058’s one-click body', async () => {
    const followUp = await t.app.inject({ method: 'POST', url: `/api/tell/${rose.token}/follow-up`, payload: { memoryContent: 'We met at a dance in 1962.' } });
    expect(followUp.statusCode).toBe(200);
    expect(followUp.json().question).toMatch(/\?$/);
    const bad = await t.app.inject({ method: 'POST', url: `/api/tell/${rose.token}/follow-up`, payload: { memoryContent: 5 } });
    expect(bad.statusCode).toBe(400);

    const stop = await t.app.inject({
      method: 'POST',
      url: `/api/tell/${rose.token}/unsubscribe`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stop.statusCode).toBe(204);
    expect(stop.headers['set-cookie']).toBeUndefined();
    const row = await t.ctx.db.selectFrom('storytellers').select('reminders_stopped').where('user_id', '=', rose.id).executeTakeFirstOrThrow();
    expect(Boolean(row.reminders_stopped)).toBe(true);
  });

  it('gives a good link 60 calls a minute, and an address 429 after 20 wrong tokens in 10 minutes, even for a right one then', async () => {
    const holder = nextAddress();
    for (let call = 0; call < 60; call++) expect((await tell(t, rose.token, '', { remoteAddress: holder })).statusCode).toBe(200);

    const guesser = nextAddress();
    for (let guess = 0; guess < 20; guess++) expect((await tell(t, `${'B'.repeat(40)}${String(guess).padStart(3, '0')}`, '', { remoteAddress: guesser })).statusCode).toBe(404);
    const limited = await tell(t, 'C'.repeat(43), '', { remoteAddress: guesser });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: messages.tellLinkTooManyGuesses });
    expect((await tell(t, rose.token, '', { remoteAddress: guesser })).statusCode).toBe(429);
    expect((await tell(t, rose.token, '', { remoteAddress: holder })).statusCode).toBe(200);

    t.advance(10 * 60_000 + 1000);
    expect((await tell(t, rose.token, '', { remoteAddress: guesser })).statusCode).toBe(200);
  });

  it('keeps the token out of the request log', () => {
    expect(redactedUrl(`/api/tell/${rose.token}/memories?x=1`)).toBe('/api/tell/[token]/memories?x=1');
    expect(redactedUrl(`/tell/${rose.token}`)).toBe('/tell/[token]');
    expect(redactedUrl('/api/timelines/1/storytellers')).toBe('/api/timelines/1/storytellers');
  });
});

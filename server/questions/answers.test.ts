import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { answerQuestion, nextQuestionFor, questionTextFor } from './index.js';
import { makeStoryteller, questionCalls } from './test-support.js';

describe.each(dialects)("a storyteller's next question and their answer on %s", (dialect) => {
  let t: TestApp;
  let calls: ReturnType<typeof questionCalls>;
  let asker: MadeUser, member: MadeUser;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    calls = questionCalls(t);
    [asker, member] = await Promise.all([makeUser(t.ctx, { displayName: 'Sam' }), makeUser(t.ctx, { displayName: 'Ada' })]);
  });
  afterAll(() => t.close());

  /** A timeline of `asker` and `member` with two storytellers, Rose and May. */
  async function family() {
    const timeline = await makeTimeline(t.ctx, asker.user, { members: [member.user] });
    const rose = await makeStoryteller(t, timeline.id, asker, 'Grandma Rose');
    const may = await makeStoryteller(t, timeline.id, asker, 'Aunt May');
    return { timeline, rose, may };
  }
  const ask = async (timelineId: string, text: string, forUser?: MadeUser, who = asker): Promise<string> => {
    const response = await calls.ask(timelineId, { text, ...(forUser ? { forUserId: forUser.user.id } : {}) }, who);
    expect(response.statusCode).toBe(201);
    t.advance(1000);
    return response.json().id;
  };
  /** A story by `teller` filed for the whole timeline, as the link files it. */
  const storyBy = (teller: MadeUser, timelineId: string) => makeMemory(t.ctx, teller.user, { title: 'A story', timelineIds: [timelineId], audience: 'timeline' });
  const answer = (input: { questionId: string; timelineId: string; storytellerId: string; memoryId: string }) =>
    t.ctx.db.transaction().execute((trx) => answerQuestion(trx, t.ctx, input));
  const notificationsOf = async (who: MadeUser) => (await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: who.cookie } })).json();

  describe('nextQuestionFor', () => {
    it("answers the oldest unanswered question meant for them or for anyone, with the asker's name, and null when none waits", async () => {
      const { timeline, rose, may } = await family();
      const other = await family();
      await ask(other.timeline.id, 'On another timeline: never shown here');
      expect(await nextQuestionFor(t.ctx.db, { timelineId: timeline.id, storytellerId: rose.user.id })).toBeNull();

      const forMay = await ask(timeline.id, 'May, what was the war like?', may);
      const forAnyone = await ask(timeline.id, 'Who taught you to cook?', undefined, member);
      const forRose = await ask(timeline.id, 'Rose, where did you meet Grandpa?', rose);

      expect(await nextQuestionFor(t.ctx.db, { timelineId: timeline.id, storytellerId: rose.user.id })).toEqual({
        id: forAnyone,
        text: 'Who taught you to cook?',
        askedBy: 'Ada',
      });
      expect(await nextQuestionFor(t.ctx.db, { timelineId: timeline.id, storytellerId: may.user.id })).toMatchObject({ id: forMay, askedBy: 'Sam' });

      await answer({ questionId: forAnyone, timelineId: timeline.id, storytellerId: rose.user.id, memoryId: (await storyBy(rose, timeline.id)).id });
      expect(await nextQuestionFor(t.ctx.db, { timelineId: timeline.id, storytellerId: rose.user.id })).toMatchObject({ id: forRose });
    });

    it('names an asker who gave no name as the family, never by their e-mail address', async () => {
      const nameless = await makeUser(t.ctx, { displayName: null });
      const timeline = await makeTimeline(t.ctx, nameless.user);
      const rose = await makeStoryteller(t, timeline.id, nameless, 'Grandma Rose');
      await ask(timeline.id, 'What did you sing?', rose, nameless);
      const next = await nextQuestionFor(t.ctx.db, { timelineId: timeline.id, storytellerId: rose.user.id });
      expect(next?.askedBy).toBe('Your family');
      expect(JSON.stringify(next)).not.toContain(nameless.user.email);
    });
  });

  describe('answerQuestion', () => {
    it('marks the question answered by the story and tells the asker once, through GET /api/notifications', async () => {
      const { timeline, rose } = await family();
      const questionId = await ask(timeline.id, 'What was your wedding like?', rose);
      const story = await storyBy(rose, timeline.id);
      await answer({ questionId, timelineId: timeline.id, storytellerId: rose.user.id, memoryId: story.id });

      const listed = (await calls.list(timeline.id, member)).json();
      expect(listed).toEqual([expect.objectContaining({ id: questionId, answeredMemoryId: story.id })]);
      const told = (await notificationsOf(asker)).filter((notice: { relatedMemoryId: string | null }) => notice.relatedMemoryId === story.id);
      expect(told).toEqual([
        expect.objectContaining({ type: 'other', title: 'Grandma Rose answered your question', message: 'What was your wedding like?', isRead: false }),
      ]);
      expect((await notificationsOf(member)).filter((notice: { relatedMemoryId: string | null }) => notice.relatedMemoryId === story.id)).toEqual([]);

      // A second story sent for the same question: not marked, nobody told again.
      const second = await storyBy(rose, timeline.id);
      expect(await answer({ questionId, timelineId: timeline.id, storytellerId: rose.user.id, memoryId: second.id })).toBe(false);
      expect((await calls.list(timeline.id, asker)).json()[0].answeredMemoryId).toBe(story.id);
      expect((await notificationsOf(asker)).filter((notice: { title: string }) => notice.title === 'Grandma Rose answered your question')).toHaveLength(1);
    });

    it('marks nothing for a question meant for another storyteller, of another timeline, or unknown, and names none of them as theirs', async () => {
      const { timeline, rose, may } = await family();
      const other = await family();
      const forMay = await ask(timeline.id, 'May only', may);
      const elsewhere = await ask(other.timeline.id, 'On the other timeline');
      const story = await storyBy(rose, timeline.id);
      for (const [questionId, timelineId] of [
        [forMay, timeline.id],
        [elsewhere, timeline.id],
        ['no-such-question', timeline.id],
      ] as const) {
        expect(await answer({ questionId, timelineId, storytellerId: rose.user.id, memoryId: story.id })).toBe(false);
        expect(await questionTextFor(t.ctx.db, { questionId, timelineId, storytellerId: rose.user.id })).toBeNull();
      }
      const answered = await t.ctx.db.selectFrom('questions').select('answered_memory_id').where('id', 'in', [forMay, elsewhere]).execute();
      expect(answered.map((row) => row.answered_memory_id)).toEqual([null, null]);
    });

    it('rolls back with the story: an answer on a transaction that fails leaves the question waiting and nobody told', async () => {
      const { timeline, rose } = await family();
      const questionId = await ask(timeline.id, 'What did you dream of?', rose);
      const story = await storyBy(rose, timeline.id);
      await expect(
        t.ctx.db.transaction().execute(async (trx) => {
          await answerQuestion(trx, t.ctx, { questionId, timelineId: timeline.id, storytellerId: rose.user.id, memoryId: story.id });
          throw new Error('the story failed to save');
        }),
      ).rejects.toThrow('the story failed to save');
      expect(await nextQuestionFor(t.ctx.db, { timelineId: timeline.id, storytellerId: rose.user.id })).toMatchObject({ id: questionId });
      expect((await notificationsOf(asker)).filter((notice: { relatedMemoryId: string | null }) => notice.relatedMemoryId === story.id)).toEqual([]);
    });

    it('lets the question wait again when the story that answered it is deleted', async () => {
      const { timeline, rose } = await family();
      const questionId = await ask(timeline.id, 'What was your first house?', rose);
      const story = await storyBy(rose, timeline.id);
      await answer({ questionId, timelineId: timeline.id, storytellerId: rose.user.id, memoryId: story.id });
      expect(await nextQuestionFor(t.ctx.db, { timelineId: timeline.id, storytellerId: rose.user.id })).toBeNull();

      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/memories/${story.id}`, headers: { cookie: rose.cookie } });
      expect(deleted.statusCode).toBe(200);
      expect((await calls.list(timeline.id, asker)).json()).toEqual([expect.objectContaining({ id: questionId, answeredMemoryId: null })]);
      expect(await nextQuestionFor(t.ctx.db, { timelineId: timeline.id, storytellerId: rose.user.id })).toMatchObject({ id: questionId });
      const again = await storyBy(rose, timeline.id);
      await answer({ questionId, timelineId: timeline.id, storytellerId: rose.user.id, memoryId: again.id });
      expect((await calls.list(timeline.id, asker)).json()[0].answeredMemoryId).toBe(again.id);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TEXT_MAX } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { makeStoryteller, questionCalls, questionRowsOf } from './test-support.js';

describe.each(dialects)("the family's questions on %s", (dialect) => {
  let t: TestApp;
  let calls: ReturnType<typeof questionCalls>;
  /** `owner`'s timeline with `member` and the storyteller `rose`; `stranger` is on `elsewhere`, with `frank`. */
  let owner: MadeUser, member: MadeUser, stranger: MadeUser, rose: MadeUser, frank: MadeUser;
  let timeline: { id: string }, elsewhere: { id: string };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    calls = questionCalls(t);
    [owner, member, stranger] = await Promise.all([makeUser(t.ctx, { displayName: 'Sam' }), makeUser(t.ctx, { displayName: 'Ada' }), makeUser(t.ctx)]);
    timeline = await makeTimeline(t.ctx, owner.user, { members: [member.user] });
    elsewhere = await makeTimeline(t.ctx, stranger.user);
    rose = await makeStoryteller(t, timeline.id, owner);
    frank = await makeStoryteller(t, elsewhere.id, stranger, 'Grandpa Frank');
  });
  afterAll(() => t.close());

  const questionNotFound = { message: messages.questionNotFound };
  const timelineNotFound = { message: messages.timelineNotFound };
  const signedOut = { message: messages.signedOut };

  describe('POST /api/timelines/:id/questions', () => {
    it('lets the owner ask a storyteller and any member ask anyone, and answers the question as the list shows it', async () => {
      const forRose = await calls.ask(timeline.id, { text: '  Where did you and Grandpa meet?  ', forUserId: rose.user.id }, owner);
      expect(forRose.statusCode).toBe(201);
      expect(forRose.json()).toEqual({
        id: expect.any(String),
        text: 'Where did you and Grandpa meet?',
        askedBy: { id: owner.user.id, displayName: 'Sam' },
        forUserId: rose.user.id,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        answeredMemoryId: null,
        abilities: { canDelete: true },
      });
      const forAnyone = await calls.ask(timeline.id, { text: 'What was your first job?' }, member);
      expect(forAnyone.statusCode).toBe(201);
      expect(forAnyone.json()).toMatchObject({ askedBy: { id: member.user.id, displayName: 'Ada' }, forUserId: null, answeredMemoryId: null });
      const rows = await questionRowsOf(t, timeline.id);
      expect(rows.map((row) => [row.id, row.asked_by, row.for_user_id])).toEqual(
        expect.arrayContaining([
          [forRose.json().id, owner.user.id, rose.user.id],
          [forAnyone.json().id, member.user.id, null],
        ]),
      );
    });

    it("refuses a stranger with 404 'Timeline not found' and the signed out with 401, and stores nothing", async () => {
      const before = (await questionRowsOf(t, timeline.id)).length;
      const byStranger = await calls.ask(timeline.id, { text: 'Who are you?' }, stranger);
      expect([byStranger.statusCode, byStranger.json()]).toEqual([404, timelineNotFound]);
      const bySignedOut = await calls.ask(timeline.id, { text: 'Who are you?' });
      expect([bySignedOut.statusCode, bySignedOut.json()]).toEqual([401, signedOut]);
      const unknown = await calls.ask('no-such-timeline', { text: 'Anyone?' }, owner);
      expect([unknown.statusCode, unknown.json()]).toEqual([404, timelineNotFound]);
      expect(await questionRowsOf(t, timeline.id)).toHaveLength(before);
    });

    it(`refuses forUserId that is not a storyteller of this timeline with 400 '${messages.questionForInvalid}'`, async () => {
      const before = (await questionRowsOf(t, timeline.id)).length;
      for (const forUserId of [frank.user.id, member.user.id, owner.user.id, 'nobody-at-all']) {
        const response = await calls.ask(timeline.id, { text: 'What do you remember?', forUserId }, owner);
        expect([response.statusCode, response.json()]).toEqual([400, { message: messages.questionForInvalid }]);
      }
      expect(await questionRowsOf(t, timeline.id)).toHaveLength(before);
    });

    it('refuses a blank question, one past QUESTION_TEXT_MAX and an unknown field with 400 in words', async () => {
      const cases: [object, string][] = [
        [{ text: '   ' }, messages.questionTextRequired],
        [{}, messages.questionTextRequired],
        [{ text: 'x'.repeat(QUESTION_TEXT_MAX + 1) }, messages.questionTextTooLong],
      ];
      for (const [body, message] of cases) {
        const response = await calls.ask(timeline.id, body, owner);
        expect([response.statusCode, response.json()]).toEqual([400, { message }]);
      }
      const longest = await calls.ask(timeline.id, { text: 'x'.repeat(QUESTION_TEXT_MAX) }, owner);
      expect(longest.statusCode).toBe(201);
      expect((await calls.remove(longest.json().id, owner)).statusCode).toBe(204);
      const extra = await calls.ask(timeline.id, { text: 'Fine', answer: 'sneaky' }, owner);
      expect(extra.statusCode).toBe(400);
    });

    it('refuses a storyteller who somehow holds a session with 403: storytellers answer, the family asks', async () => {
      const response = await calls.ask(timeline.id, { text: 'Can I ask too?' }, rose);
      expect([response.statusCode, response.json()]).toEqual([403, { message: messages.questionStorytellerCannotAsk }]);
    });
  });

  describe('GET /api/timelines/:id/questions', () => {
    it('lists the questions oldest first to every member, with who asked and canDelete for the asker only', async () => {
      const own = await makeTimeline(t.ctx, owner.user, { members: [member.user] });
      const texts = ['First, the oldest', 'Second', 'Third, the newest'];
      const askers = [member, owner, member];
      for (const [index, text] of texts.entries()) {
        expect((await calls.ask(own.id, { text }, askers[index])).statusCode).toBe(201);
        t.advance(1000);
      }
      for (const viewer of [owner, member]) {
        const response = await calls.list(own.id, viewer);
        expect(response.statusCode).toBe(200);
        const list = response.json() as { text: string; askedBy: { id: string; displayName: string }; abilities: { canDelete: boolean } }[];
        expect(list.map((question) => question.text)).toEqual(texts);
        expect(list.map((question) => question.askedBy.displayName)).toEqual(['Ada', 'Sam', 'Ada']);
        expect(list.map((question) => question.abilities.canDelete)).toEqual(askers.map((asker) => asker === viewer));
      }
    });

    it('refuses a stranger with 404 and the signed out with 401', async () => {
      const byStranger = await calls.list(timeline.id, stranger);
      expect([byStranger.statusCode, byStranger.json()]).toEqual([404, timelineNotFound]);
      const bySignedOut = await calls.list(timeline.id);
      expect([bySignedOut.statusCode, bySignedOut.json()]).toEqual([401, signedOut]);
    });

    it('names the story that answered a question only to a member who may view it', async () => {
      const own = await makeTimeline(t.ctx, owner.user, { members: [member.user] });
      const teller = await makeStoryteller(t, own.id, owner, 'Aunt May');
      const question = (await calls.ask(own.id, { text: 'What did you sing?', forUserId: teller.user.id }, owner)).json();
      // A story since narrowed to the owner alone: the member must not learn its id.
      const story = await makeMemory(t.ctx, teller.user, { title: question.text, timelineIds: [own.id], sharedWith: [owner.user] });
      await t.ctx.db.updateTable('questions').set({ answered_memory_id: story.id }).where('id', '=', question.id).execute();
      const answeredFor = async (who: MadeUser) => ((await calls.list(own.id, who)).json() as { answeredMemoryId: string | null }[])[0]!.answeredMemoryId;
      expect(await answeredFor(owner)).toBe(story.id);
      expect(await answeredFor(member)).toBeNull();
    });
  });

  describe('DELETE /api/questions/:id', () => {
    it("lets only the asker take a question back: another member 403, a stranger 404, the signed out 401, and nothing removed", async () => {
      const question = (await calls.ask(timeline.id, { text: 'Which house did you grow up in?' }, member)).json();
      const byOwner = await calls.remove(question.id, owner);
      expect([byOwner.statusCode, byOwner.json()]).toEqual([403, { message: messages.questionAskerOnly }]);
      const byStranger = await calls.remove(question.id, stranger);
      expect([byStranger.statusCode, byStranger.json()]).toEqual([404, questionNotFound]);
      const bySignedOut = await calls.remove(question.id);
      expect([bySignedOut.statusCode, bySignedOut.json()]).toEqual([401, signedOut]);
      expect((await questionRowsOf(t, timeline.id)).map((row) => row.id)).toContain(question.id);

      const byAsker = await calls.remove(question.id, member);
      expect([byAsker.statusCode, byAsker.body]).toEqual([204, '']);
      expect((await questionRowsOf(t, timeline.id)).map((row) => row.id)).not.toContain(question.id);
      const again = await calls.remove(question.id, member);
      expect([again.statusCode, again.json()]).toEqual([404, questionNotFound]);
    });

    it('answers 404 to an asker who has left the timeline', async () => {
      const own = await makeTimeline(t.ctx, owner.user, { members: [member.user] });
      const question = (await calls.ask(own.id, { text: 'Before I go' }, member)).json();
      await t.ctx.db.deleteFrom('timeline_members').where('timeline_id', '=', own.id).where('user_id', '=', member.user.id).execute();
      const response = await calls.remove(question.id, member);
      expect([response.statusCode, response.json()]).toEqual([404, questionNotFound]);
      expect((await questionRowsOf(t, own.id)).map((row) => row.id)).toEqual([question.id]);
    });
  });
});

// @vitest-environment jsdom
// Issue 23 "Ask a question" and the family's list, against the real server: empty states that
// explain, the shape's refusal beside the field with nothing sent, questions oldest first with
// who asked and for whom, "Answered" opening the story, Delete for the asker only (confirmed),
// and a failed send that keeps what was typed.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../common/messages';
import { answerQuestion } from '../../../../server/questions/index';
import { dialects } from '../../../../server/test/app';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../../../../server/test/factories';
import { QuestionsCard } from './QuestionsCard';
import { renderLive, startLiveServer, type LiveServer } from './storytellersTestKit';

describe.each(dialects)('The family\'s questions (%s)', (dialect) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(dialect);
  });
  afterAll(() => server.close());
  afterEach(cleanup);

  async function family() {
    const ben = await makeUser(server.t.ctx, { displayName: 'Ben Lovelace' });
    const cy = await makeUser(server.t.ctx, { displayName: 'Cy Lovelace' });
    const timeline = await makeTimeline(server.t.ctx, ben.user, { name: 'Rose Family', members: [cy.user] });
    return { ben, cy, timeline };
  }
  const show = (timeline: { id: string; name: string }, viewer: MadeUser, onOpenStory = vi.fn()) => {
    server.signInAs(viewer);
    renderLive(<QuestionsCard timeline={timeline} onOpenStory={onOpenStory} />);
    return onOpenStory;
  };
  const ask = async (who: MadeUser, timelineId: string, body: { text: string; forUserId?: string }) => {
    const response = await server.t.app.inject({ method: 'POST', url: `/api/timelines/${timelineId}/questions`, payload: body, headers: { cookie: who.cookie } });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string }>();
  };
  const questionRows = (timelineId: string) => server.t.ctx.db.selectFrom('questions').selectAll().where('timeline_id', '=', timelineId).execute();

  it('explains what questions are for, first without a storyteller, then with one', async () => {
    const { ben, timeline } = await family();
    show(timeline, ben);
    expect(await screen.findByText(messages.questionsEmptyNoStorytellers)).toBeTruthy();
    cleanup();
    await server.addStoryteller(ben, timeline.id, { displayName: 'Grandma Rose' });
    show(timeline, ben);
    expect(await screen.findByText(messages.questionsEmpty)).toBeTruthy();
  });

  it('refuses a blank question beside the field, then asks one for the chosen storyteller and lists it as waiting', async () => {
    const { ben, timeline } = await family();
    const rose = await server.addStoryteller(ben, timeline.id, { displayName: 'Grandma Rose' });
    show(timeline, ben);
    fireEvent.click(screen.getByRole('button', { name: messages.askQuestion }));
    const dialog = await screen.findByRole('dialog', { name: messages.askQuestion });
    fireEvent.change(within(dialog).getByRole('textbox', { name: messages.questionTextLabel }), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.questionSend }));
    expect(await within(dialog).findByText(messages.questionTextRequired)).toBeTruthy();
    expect(await questionRows(timeline.id)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: messages.questionTextLabel }), { target: { value: 'How did you and Grandpa meet?' } });
    await waitFor(() => expect(within(dialog).getAllByRole('option').map((option) => option.textContent)).toEqual([messages.questionForAnyone, 'Grandma Rose']));
    fireEvent.change(within(dialog).getByRole('combobox', { name: messages.questionForLabel }), { target: { value: rose.id } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.questionSend }));

    const list = await screen.findByRole('list', { name: messages.questionsOf('Rose Family') });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('How did you and Grandpa meet?');
    expect(within(item).getByText(messages.questionAskedBy('Ben Lovelace', 'Grandma Rose'))).toBeTruthy();
    expect(within(item).getByText(messages.questionWaiting)).toBeTruthy();
    expect(await questionRows(timeline.id)).toMatchObject([{ text: 'How did you and Grandpa meet?', for_user_id: rose.id, asked_by: ben.user.id }]);
  });

  it('lists questions oldest first; "Answered" opens the story; only the asker may delete, once confirmed', async () => {
    const { ben, cy, timeline } = await family();
    const rose = await server.addStoryteller(ben, timeline.id, { displayName: 'Grandma Rose' });
    const first = await ask(cy, timeline.id, { text: 'Where were you born?' });
    server.t.advance(1_000);
    await ask(ben, timeline.id, { text: 'What was your first job?', forUserId: rose.id });
    const roseRow = await server.t.ctx.db.selectFrom('users').selectAll().where('id', '=', rose.id).executeTakeFirstOrThrow();
    const story = await makeMemory(server.t.ctx, roseRow, { title: 'Where were you born?', timelineIds: [timeline.id], audience: 'timeline', sharedWith: [ben.user, cy.user] });
    await server.t.ctx.db.transaction().execute((trx) => answerQuestion(trx, server.t.ctx, { questionId: first.id, timelineId: timeline.id, storytellerId: rose.id, memoryId: story.id }));

    const onOpenStory = show(timeline, ben);
    const list = await screen.findByRole('list', { name: messages.questionsOf('Rose Family') });
    const [answered, waiting] = within(list).getAllByRole('listitem');
    expect(answered!.textContent).toContain('Where were you born?');
    expect(within(answered!).getByText(messages.questionAskedBy('Cy Lovelace', messages.questionForAnyoneShort))).toBeTruthy();
    expect(waiting!.textContent).toContain('What was your first job?');

    fireEvent.click(within(answered!).getByRole('button', { name: messages.questionOpenAnswer('Where were you born?') }));
    expect(onOpenStory).toHaveBeenCalledWith(story.id);
    // Cy asked the first: Ben may not delete it.
    expect(within(answered!).queryByRole('button', { name: messages.questionDelete('Where were you born?') })).toBeNull();

    fireEvent.click(within(waiting!).getByRole('button', { name: messages.questionDelete('What was your first job?') }));
    const confirm = await screen.findByRole('dialog', { name: messages.questionDeleteTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: messages.cancel }));
    expect(await questionRows(timeline.id)).toHaveLength(2);
    fireEvent.click(within(waiting!).getByRole('button', { name: messages.questionDelete('What was your first job?') }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: messages.questionDeleteTitle })).getByRole('button', { name: messages.questionDeleteButton }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect((await questionRows(timeline.id)).map((row) => row.text)).toEqual(['Where were you born?']);
  });

  it('keeps the question typed when the send fails, and says so', async () => {
    const { ben, cy, timeline } = await family();
    show(timeline, cy);
    fireEvent.click(screen.getByRole('button', { name: messages.askQuestion }));
    const dialog = await screen.findByRole('dialog', { name: messages.askQuestion });
    const field = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: messages.questionTextLabel });
    fireEvent.change(field, { target: { value: 'What did you sing to Dad?' } });
    // Cy is removed from the timeline before pressing Ask: the server refuses.
    const removed = await server.t.app.inject({ method: 'DELETE', url: `/api/timelines/${timeline.id}/members/${cy.user.id}`, headers: { cookie: ben.cookie } });
    expect(removed.statusCode).toBe(200);
    fireEvent.click(within(dialog).getByRole('button', { name: messages.questionSend }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(messages.questionSendFailed);
    expect(field.value).toBe('What did you sing to Dad?');
    expect(await questionRows(timeline.id)).toEqual([]);
  });
});

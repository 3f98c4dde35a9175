// @vitest-environment jsdom
// Issue 26: a memory's comments with the person's own comments that wait on the device, against
// the real server on loopback (storytellersTestKit): the sent ones come from GET comments, the
// waiting ones from the outbox (fake-indexeddb), and what the outbox sends goes to the same
// server, so "one comment" is counted in its table.
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_HEADER } from '../../../../common/idempotency-rules';
import { messages } from '../../../../common/messages';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../../../../server/test/factories';
import { commentForm } from '../../api/endpoints';
import { newIdempotencyKey } from '../../api/idempotency';
import { queryKeys } from '../../api/keys';
import { partsOf } from '../../lib/outbox';
import { OutboxSendError, sendOutbox, type PostForm } from '../../lib/outbox/send';
import { announce, keepInOutbox, outboxOf, removeEntry } from '../../lib/outbox/store';
import { renderLive, startLiveServer, type LiveServer } from '../storytellers/storytellersTestKit';
import { CommentsSection } from './CommentsSection';

let server: LiveServer;
let ada: MadeUser;
let bea: MadeUser;
let timelineId: string;

beforeAll(async () => {
  server = await startLiveServer('sqlite');
  ada = await makeUser(server.t.ctx, { displayName: 'Ada Lovelace' });
  bea = await makeUser(server.t.ctx, { displayName: 'Bea Bennett' });
  timelineId = (await makeTimeline(server.t.ctx, ada.user, { members: [bea.user] })).id;
});
afterAll(() => server.close());
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  for (const entry of await outboxOf(ada.user.id)) await removeEntry(entry.id);
});

/** A memory of Ada's shared with Bea, with Bea's comment on it (sent through the API). */
async function memoryWithBeasComment(title: string) {
  const memory = await makeMemory(server.t.ctx, ada.user, { title, timelineIds: [timelineId], sharedWith: [bea.user] });
  server.signInAs(bea);
  const response = await fetch(`/api/memories/${memory.id}/comments`, { method: 'POST', body: commentForm({ content: 'What a harvest!' }) });
  expect(response.status).toBe(201);
  server.signInAs(ada);
  return memory;
}

/** Ada's comment kept on the device, as the composer keeps it. */
const keepAdas = (memoryId: string, content: string) =>
  keepInOutbox({
    kind: 'comment',
    owner: ada.user.id,
    url: `/api/memories/${memoryId}/comments`,
    idempotencyKey: newIdempotencyKey(),
    parts: partsOf(commentForm({ content })),
    label: content,
    memoryId,
  });

/** The outbox's POST, through the page's fetch to the live server; `loseFirstAnswers` drops that many answers after the server took the request. */
function postThroughFetch(loseFirstAnswers = 0): PostForm & { keys: string[] } {
  const keys: string[] = [];
  const post = async (url: string, form: FormData, idempotencyKey: string, onProgress: (percent: number) => void) => {
    keys.push(idempotencyKey);
    const response = await fetch(url, { method: 'POST', body: form, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
    const text = await response.text();
    if (keys.length <= loseFirstAnswers) throw new OutboxSendError(0);
    onProgress(100);
    if (!response.ok) throw new OutboxSendError(response.status, text);
    return text;
  };
  return Object.assign(post, { keys });
}

const commentsOn = (memoryId: string) => server.t.ctx.db.selectFrom('comments').select(['content', 'user_id']).where('memory_id', '=', memoryId).execute();

function renderSection(memoryId: string) {
  return renderLive(<CommentsSection memoryId={memoryId} />);
}

describe("a memory's waiting comments (issue 26)", () => {
  it("shows Ada's waiting comment after the sent ones with 'Waiting to send', then its progress", async () => {
    const memory = await memoryWithBeasComment('Harvest supper');
    const kept = await keepAdas(memory.id, 'See you at Easter');
    renderSection(memory.id);

    const waiting = await screen.findByRole('listitem', { name: messages.commentWaitingBy('Ada Lovelace') });
    expect(within(waiting).getByText('See you at Easter')).toBeTruthy();
    expect(within(waiting).getByText(messages.outboxWaiting)).toBeTruthy();
    const sent = await screen.findByRole('listitem', { name: messages.commentBy('Bea Bennett') });
    // After the sent ones, in the page's order.
    expect(sent.compareDocumentPosition(waiting) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('list', { name: messages.commentsWaitingList })).toBeTruthy();

    act(() => announce({ type: 'progress', id: kept.id, percent: 40 }));
    expect(within(waiting).getByText(messages.outboxSending(40))).toBeTruthy();
    expect(within(waiting).getByRole('progressbar', { name: messages.outboxSending(40) })).toBeTruthy();
  });

  it('once the outbox has sent it, it is one comment of Ada among the sent, and the live region says so', async () => {
    const memory = await memoryWithBeasComment('Apple picking');
    await keepAdas(memory.id, 'The ladder was too short');
    const { client } = renderSection(memory.id);
    await screen.findByRole('listitem', { name: messages.commentWaitingBy('Ada Lovelace') });

    // The first send reaches the server and its answer is lost: it waits, and goes again with the same key.
    const post = postThroughFetch(1);
    await sendOutbox(ada.user.id, { post });
    expect((await outboxOf(ada.user.id)).map((entry) => entry.attempts)).toEqual([1]);
    await sendOutbox(ada.user.id, { post, now: () => Date.now() + 60_000 });
    expect(post.keys).toHaveLength(2);
    expect(post.keys[1]).toBe(post.keys[0]);
    expect(await outboxOf(ada.user.id)).toEqual([]);
    expect(await commentsOn(memory.id)).toEqual([
      { content: 'What a harvest!', user_id: bea.user.id },
      { content: 'The ladder was too short', user_id: ada.user.id },
    ]);

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(messages.commentSent));
    expect(screen.queryByRole('listitem', { name: messages.commentWaitingBy('Ada Lovelace') })).toBeNull();
    // The app's sender refreshes the memory's comments on 'sent' (features/outbox); here the test does.
    await act(() => client.invalidateQueries({ queryKey: queryKeys.comments(memory.id) }));
    expect(await screen.findByRole('listitem', { name: messages.commentBy('Ada Lovelace') })).toBeTruthy();
  });

  it("shows a refusal with the server's words; Try again sends it again, Remove asks first and removes it", async () => {
    const memory = await memoryWithBeasComment('Lost kite');
    await keepAdas(memory.id, 'It flew over the church');
    // The memory is deleted before the comment could go: the server refuses it for good.
    const deleted = await server.t.app.inject({ method: 'DELETE', url: `/api/memories/${memory.id}`, headers: { cookie: ada.cookie } });
    expect(deleted.statusCode).toBe(200);
    await sendOutbox(ada.user.id, { post: postThroughFetch() });
    const [refused] = await outboxOf(ada.user.id);
    expect(refused).toMatchObject({ state: 'refused', lastStatus: 404 });

    renderSection(memory.id);
    const item = await screen.findByRole('listitem', { name: messages.commentWaitingBy('Ada Lovelace') });
    expect(within(item).getByText(messages.commentRefused)).toBeTruthy();
    expect(within(item).getByText(refused!.lastMessage!)).toBeTruthy();

    // Try again, offline here: it waits again rather than being refused.
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fireEvent.click(within(item).getByRole('button', { name: messages.commentRetry }));
    await waitFor(() => expect(within(item).getByText(messages.outboxWaiting)).toBeTruthy());
    expect(within(item).queryByRole('button', { name: messages.commentRetry })).toBeNull();
    expect((await outboxOf(ada.user.id)).map((entry) => entry.state)).toEqual(['waiting']);

    // Refused again once online, then removed: asked first, Cancel keeps it.
    vi.restoreAllMocks();
    await sendOutbox(ada.user.id, { post: postThroughFetch(), now: () => Date.now() + 60_000 });
    const remove = await within(item).findByRole('button', { name: messages.commentRemoveWaitingLabel });
    // Offered once the question's code is here (RefusedEntry).
    await waitFor(() => expect((remove as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(remove);
    const ask = await screen.findByRole('dialog', { name: messages.commentRemoveWaitingTitle });
    expect(within(ask).getByText(messages.commentRemoveWaitingDetail)).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: messages.cancel }));
    expect(await outboxOf(ada.user.id)).toHaveLength(1);
    fireEvent.click(remove);
    fireEvent.click(within(await screen.findByRole('dialog', { name: messages.commentRemoveWaitingTitle })).getByRole('button', { name: messages.commentRemoveWaiting }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: messages.commentWaitingBy('Ada Lovelace') })).toBeNull());
    expect(await outboxOf(ada.user.id)).toEqual([]);
  });

  it("shows a waiting voice comment as 'Voice comment' with its player", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:waiting-voice'), revokeObjectURL: vi.fn() }));
    const memory = await memoryWithBeasComment('Sea shanties');
    await keepInOutbox({
      kind: 'comment',
      owner: ada.user.id,
      url: `/api/memories/${memory.id}/comments`,
      idempotencyKey: newIdempotencyKey(),
      parts: partsOf(commentForm({ audio: new Blob([new Uint8Array([1, 2, 3])], { type: 'audio/webm' }) })),
      label: '',
      memoryId: memory.id,
    });
    renderSection(memory.id);
    const item = await screen.findByRole('listitem', { name: messages.commentWaitingBy('Ada Lovelace') });
    expect(within(item).getByText(messages.commentWaitingVoice)).toBeTruthy();
    expect(within(item).getByRole('button', { name: messages.commentPlayWaitingVoice })).toBeTruthy();
    expect(within(item).getByText(messages.outboxWaiting)).toBeTruthy();
  });
});

// @vitest-environment jsdom
// Issue 24 "The memory's creator can stop its codes": in the memory detail's actions, only for
// the person who may edit it and only for a memory with a voice; asked first, then every code
// printed so far answers 404 and a toast says so; a refusal says so in an error toast.
import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '../../../../common/memories';
import { messages } from '../../../../common/messages';
import { listenUrlFor } from '../../../../server/listen/index';
import { dialects } from '../../../../server/test/app';
import { makeTimeline, makeUser, type MadeUser } from '../../../../server/test/factories';
import { MemoryActionBar } from '../memories/detail/MemoryActionBar';
import { makeMemoryWith, memoryAs, renderInApp, startLiveServer, type LiveServer } from './booksTestKit';
import { mayStopListenCodes } from './StopListenCodesButton';

describe.each(dialects)('Stop listen codes (%s)', (dialect) => {
  let server: LiveServer;
  let ben: MadeUser;
  let cy: MadeUser;
  let lake: { id: string; name: string };

  beforeAll(async () => {
    server = await startLiveServer(dialect);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    ben = await makeUser(server.t.ctx, { displayName: 'Ben Lovelace' });
    cy = await makeUser(server.t.ctx, { displayName: 'Cy' });
    lake = await makeTimeline(server.t.ctx, ben.user, { name: 'Summers at the lake', members: [cy.user] });
  });
  // Mantine keeps its toasts in a store of the module's own, which outlives a render: the last
  // test's "stopped" toast would be found at once by the next, before its own request ended.
  afterEach(() => {
    cleanup();
    notifications.clean();
  });
  /** The confirm dialog; a loaded machine can take over a second to open it with its transition. */
  const confirmDialog = () => screen.findByRole('dialog', { name: messages.stopListenCodesTitle }, { timeout: 5_000 });

  const show = (memory: Memory, as: MadeUser) => {
    server.signInAs(as);
    return renderInApp(
      <>
        <Notifications />
        <MemoryActionBar memory={memory} currentUserId={as.user.id} onEdit={vi.fn()} onDeleted={vi.fn()} />
      </>,
      { path: '/' },
    );
  };
  const codesOf = (memoryId: string) => server.t.ctx.db.selectFrom('listen_links').selectAll().where('memory_id', '=', memoryId).execute();
  const listen = (url: string) => server.t.app.inject({ method: 'GET', url: `/api/listen/${url.split('/listen/')[1]}` });

  it('asks first, then the codes printed so far stop playing and a toast says so', async () => {
    const told = await makeMemoryWith(server, ben, { title: 'The jetty', timelineId: lake.id, voice: true });
    const url = await listenUrlFor(server.t.ctx, server.t.ctx.db, told.id, ben.user.id);
    expect((await listen(url)).statusCode).toBe(200);
    show(await memoryAs(server, ben, told.id), ben);

    fireEvent.click(screen.getByRole('button', { name: messages.stopListenCodes }));
    const dialog = await confirmDialog();
    expect(within(dialog).getByText(messages.stopListenCodesDetail)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    expect(await codesOf(told.id)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: messages.stopListenCodes }));
    await act(async () => fireEvent.click(within(await confirmDialog()).getByRole('button', { name: messages.stopListenCodesConfirm })));
    expect(await screen.findByText(messages.listenCodesStopped)).toBeTruthy();
    await waitFor(async () => expect(await codesOf(told.id)).toEqual([]));
    // The dialog closes on success (and finishes closing here: one torn down mid-transition
    // left the next test's dialog without its title's name).
    await waitFor(() => expect(screen.queryByRole('dialog', { name: messages.stopListenCodesTitle })).toBeNull());
    expect((await listen(url)).statusCode).toBe(404);
  });

  it('says in an error toast when the codes could not be stopped, and keeps them', async () => {
    const told = await makeMemoryWith(server, ben, { title: 'The jetty', timelineId: lake.id, voice: true });
    await listenUrlFor(server.t.ctx, server.t.ctx.db, told.id, ben.user.id);
    show(await memoryAs(server, ben, told.id), ben);
    // Ben's session ends while the detail is open: the server refuses.
    server.signInAs(null);
    fireEvent.click(screen.getByRole('button', { name: messages.stopListenCodes }));
    // The confirm button itself: the dialog is the first test's to check, and under load its
    // title's name can come after the button is there to press.
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: messages.stopListenCodesConfirm }, { timeout: 5_000 })));
    expect(await screen.findByText(messages.listenCodesStopFailed, { exact: false })).toBeTruthy();
    expect(screen.getByText(messages.errorTitle)).toBeTruthy();
    expect(await codesOf(told.id)).toHaveLength(1);
  });

  it('is not offered to a member who only views the memory, nor for a memory without a voice', async () => {
    const told = await makeMemoryWith(server, ben, { title: 'The jetty', timelineId: lake.id, voice: true, sharedWith: [cy] });
    show(await memoryAs(server, cy, told.id), cy);
    expect(screen.getByRole('group', { name: messages.detailActions })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.stopListenCodes })).toBeNull();
    cleanup();

    const written = await makeMemoryWith(server, ben, { title: 'A letter', timelineId: lake.id });
    show(await memoryAs(server, ben, written.id), ben);
    expect(screen.getByRole('button', { name: messages.detailEdit })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.stopListenCodes })).toBeNull();
  });
});

describe('mayStopListenCodes', () => {
  const memory = (canEdit: boolean, audioUrl: string | null, answerAudio: string | null) => ({
    abilities: { canEdit, canDelete: canEdit, canShare: canEdit },
    audioUrl,
    followUpResponses: [{ question: 'Who was there?', answer: 'All of us', audioUrl: answerAudio, audioDuration: null, transcriptionStatus: 'none' as const }],
  });
  it("counts the memory's own voice and a spoken answer, for whoever may edit it only", () => {
    expect(mayStopListenCodes(memory(true, '/uploads/audio/a.webm', null))).toBe(true);
    expect(mayStopListenCodes(memory(true, null, '/uploads/audio/b.webm'))).toBe(true);
    expect(mayStopListenCodes(memory(true, null, null))).toBe(false);
    expect(mayStopListenCodes(memory(false, '/uploads/audio/a.webm', '/uploads/audio/b.webm'))).toBe(false);
  });
});

// @vitest-environment jsdom
// Issue 23 "Add a storyteller", against the real server: the shape's refusals beside the field
// with nothing sent, the made storyteller's link with its code and Copy, and a refusal from the
// server shown in the dialog with what was typed kept.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../common/messages';
import { dialects } from '../../../../server/test/app';
import { makeTimeline, makeUser, type MadeUser } from '../../../../server/test/factories';
import { AddStorytellerDialog } from './AddStorytellerDialog';
import { MemoryRouter } from 'react-router';
import { renderLive, startLiveServer, type LiveServer } from './storytellersTestKit';

describe.each(dialects)('AddStorytellerDialog (%s)', (dialect) => {
  let server: LiveServer;
  let ben: MadeUser;
  let timeline: { id: string; name: string };
  let writeText: ReturnType<typeof vi.fn>;

  beforeAll(async () => {
    server = await startLiveServer(dialect);
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    ben = await makeUser(server.t.ctx, { displayName: 'Ben Lovelace' });
    timeline = await makeTimeline(server.t.ctx, ben.user, { name: 'Rose Family' });
    server.signInAs(ben);
    writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  });
  afterEach(cleanup);

  const storytellersOf = (timelineId: string) => server.t.ctx.db.selectFrom('storytellers').selectAll().where('timeline_id', '=', timelineId).execute();
  const open = () =>
    renderLive(
      <MemoryRouter>
        <AddStorytellerDialog timeline={timeline} opened onClose={() => undefined} />
      </MemoryRouter>,
    );

  it("refuses a blank name and a malformed e-mail beside their fields, and sends nothing", async () => {
    open();
    fireEvent.change(screen.getByRole('textbox', { name: messages.storytellerEmailLabel }), { target: { value: 'rose@' } });
    fireEvent.click(screen.getByRole('button', { name: messages.storytellerCreate }));
    expect(await screen.findByText(messages.storytellerNameRequired)).toBeTruthy();
    expect(screen.getByText(messages.emailInvalid)).toBeTruthy();
    expect(await storytellersOf(timeline.id)).toEqual([]);
  });

  it('adds them as a storyteller of the timeline and shows their link, its QR code and Copy', async () => {
    open();
    fireEvent.change(screen.getByRole('textbox', { name: messages.storytellerNameLabel }), { target: { value: 'Grandma Rose' } });
    fireEvent.change(screen.getByRole('textbox', { name: messages.storytellerEmailLabel }), { target: { value: 'Rose@Example.org' } });
    fireEvent.click(screen.getByRole('button', { name: messages.storytellerCreate }));

    const field = (await screen.findByRole('textbox', { name: messages.storytellerLinkField })) as HTMLTextAreaElement;
    expect(field.value).toMatch(/^http:\/\/heirloom\.test\/tell\/[\w-]{43}$/);
    // The form is gone: focus is on the words about the link, not lost to the page.
    expect(document.activeElement).toBe(screen.getByText(messages.storytellerAddedDetail));
    const rows = await storytellersOf(timeline.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ created_by: ben.user.id, email: 'rose@example.org' });

    const code = await screen.findByRole('img', { name: messages.storytellerQrCode('Grandma Rose') });
    expect(code.querySelector('svg')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.storytellerCopyLink })));
    expect(writeText).toHaveBeenCalledWith(field.value);
    expect(screen.getByRole('status').textContent).toBe(messages.storytellerLinkCopiedAnnounced);
    expect(screen.getByRole('link', { name: messages.storytellerPrintCard }).getAttribute('href')).toBe(`/storytellers/${rows[0]!.user_id}/card`);
    // No share sheet in this browser: no Share button.
    expect(screen.queryByRole('button', { name: messages.storytellerShare })).toBeNull();
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    // Cy, who is not on the timeline, presses Add: the server refuses.
    const stranger = await makeUser(server.t.ctx, { displayName: 'Cy' });
    server.signInAs(stranger);
    open();
    const name = screen.getByRole('textbox', { name: messages.storytellerNameLabel }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: 'Grandma Rose' } });
    fireEvent.click(screen.getByRole('button', { name: messages.storytellerCreate }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('');
    expect(alert.textContent).not.toBe(messages.unexpected);
    expect(name.value).toBe('Grandma Rose');
    await waitFor(() => expect(screen.getByRole('button', { name: messages.storytellerCreate }).hasAttribute('data-loading')).toBe(false));
    expect(await storytellersOf(timeline.id)).toEqual([]);
  });
});

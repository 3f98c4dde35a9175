// @vitest-environment jsdom
// Issue 23, a storyteller among the timeline's members, against the real server: the badge and
// story count for everyone, "Manage" only for their creator and the timeline's owner; New link and
// Stop this link each asked first, and taking effect on the link at once; the week's question by
// e-mail offered only when the server sends mail and they have an address, saved as chosen, and
// "Reminders stopped by them" after their one-click unsubscribe.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../../common/messages';
import type { User } from '../../../../common/users';
import { dialects } from '../../../../server/test/app';
import { makeTimeline, makeUser, type MadeUser } from '../../../../server/test/factories';
import { issueLink } from '../../../../server/storytellers/link';
import { MemoryRouter } from 'react-router';
import { queryKeys } from '../../api/keys';
import type { Timeline } from '../../api/types';
import { MembersCard } from '../communities/MembersCard';
import { renderLive, startLiveServer, type LiveServer } from './storytellersTestKit';

const asTimeline = (timeline: { id: string; name: string }, owner: MadeUser): Timeline => ({
  ...timeline,
  description: null,
  color: '#3b82f6',
  icon: null,
  isDefault: false,
  userId: owner.user.id,
  createdAt: '2026-01-01T00:00:00.000Z',
  abilities: { canEdit: true, canDelete: true },
});
const asUser = (who: MadeUser) => ({ id: who.user.id, displayName: who.user.display_name }) as unknown as User;

describe.each(dialects)('A storyteller among the members (%s)', (dialect) => {
  let server: LiveServer;
  beforeAll(async () => {
    // Mail is set up (nothing is sent in these tests: a reminder is only a choice saved).
    server = await startLiveServer(dialect, { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Heirloom <heirloom@example.org>' });
  });
  afterAll(() => server.close());
  afterEach(cleanup);

  async function family() {
    const ben = await makeUser(server.t.ctx, { displayName: 'Ben Lovelace' });
    const cy = await makeUser(server.t.ctx, { displayName: 'Cy Lovelace' });
    const made = await makeTimeline(server.t.ctx, ben.user, { name: 'Rose Family', members: [cy.user] });
    return { ben, cy, timeline: asTimeline(made, ben) };
  }
  const showMembers = (timeline: Timeline, viewer: MadeUser) => {
    server.signInAs(viewer);
    return renderLive(
      <MemoryRouter>
        <MembersCard timeline={timeline} user={asUser(viewer)} />
      </MemoryRouter>,
    );
  };
  const tellStatus = async (link: string) => (await server.t.app.inject({ method: 'GET', url: `/api/tell/${link.split('/tell/')[1]}` })).statusCode;
  const rowOf = async (name: string) => (await screen.findByText(name)).closest<HTMLElement>('[role=listitem]')!;

  it('shows every member the badge and story count, and only their managers the Manage button', async () => {
    const { ben, cy, timeline } = await family();
    await server.addStoryteller(ben, timeline.id, { displayName: 'Grandma Rose' });

    showMembers(timeline, cy);
    const row = await rowOf('Grandma Rose');
    expect(await within(row).findByText(messages.storytellerBadge)).toBeTruthy();
    expect(await within(row).findByText(messages.storytellerStories(0))).toBeTruthy();
    expect(within(row).queryByRole('button', { name: messages.storytellerManageOf('Grandma Rose') })).toBeNull();
    cleanup();

    showMembers(timeline, ben);
    expect(await within(await rowOf('Grandma Rose')).findByRole('button', { name: messages.storytellerManageOf('Grandma Rose') })).toBeTruthy();
  });

  it('makes a new link and stops it, each only once confirmed, and the old link answers 404 at once', async () => {
    const { ben, timeline } = await family();
    const rose = await server.addStoryteller(ben, timeline.id, { displayName: 'Grandma Rose' });
    showMembers(timeline, ben);
    fireEvent.click(await within(await rowOf('Grandma Rose')).findByRole('button', { name: messages.storytellerManageOf('Grandma Rose') }));
    const dialog = await screen.findByRole('dialog', { name: messages.storytellerManageOf('Grandma Rose') });
    const field = () => within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: messages.storytellerLinkField });
    await waitFor(() => expect(field().value).toBe(rose.link));

    // Asked first: Cancel leaves the link as it was.
    fireEvent.click(within(dialog).getByRole('button', { name: messages.storytellerNewLink }));
    expect(within(dialog).getByText(messages.storytellerNewLinkConfirm('Grandma Rose'))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    expect(field().value).toBe(rose.link);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: messages.storytellerNewLink })));
    expect(await tellStatus(rose.link)).toBe(200);

    fireEvent.click(within(dialog).getByRole('button', { name: messages.storytellerNewLink }));
    const confirmNew = within(dialog).getByRole('group', { name: messages.storytellerNewLinkTitle });
    fireEvent.click(within(confirmNew).getByRole('button', { name: messages.storytellerNewLink }));
    await waitFor(() => expect(field().value).not.toBe(rose.link));
    const renewed = field().value;
    await waitFor(() => expect(document.activeElement).toBe(field()));
    expect(await tellStatus(rose.link)).toBe(404);
    expect(await tellStatus(renewed)).toBe(200);

    fireEvent.click(within(dialog).getByRole('button', { name: messages.storytellerStopLink }));
    expect(within(dialog).getByText(messages.storytellerStopLinkConfirm('Grandma Rose'))).toBeTruthy();
    const confirmStop = within(dialog).getByRole('group', { name: messages.storytellerStopLinkTitle });
    fireEvent.click(within(confirmStop).getByRole('button', { name: messages.storytellerStopLink }));
    const none = await within(dialog).findByText(messages.storytellerNoLink);
    await waitFor(() => expect(document.activeElement).toBe(none));
    expect(await tellStatus(renewed)).toBe(404);
    expect(await within(await rowOf('Grandma Rose')).findByText(messages.storytellerLinkOff)).toBeTruthy();
  });

  it('says why a working link cannot be shown after SESSION_SECRET changed, and offers New link', async () => {
    const { ben, timeline } = await family();
    const rose = await server.addStoryteller(ben, timeline.id, { displayName: 'Grandma Rose' });
    // What a new SESSION_SECRET leaves: a seal this server cannot open (the hash, and so her link, still work).
    await server.t.ctx.db.updateTable('storytellers').set({ link_sealed: issueLink('the secret before this one').sealed }).where('user_id', '=', rose.id).execute();
    showMembers(timeline, ben);
    fireEvent.click(await within(await rowOf('Grandma Rose')).findByRole('button', { name: messages.storytellerManageOf('Grandma Rose') }));
    const dialog = await screen.findByRole('dialog', { name: messages.storytellerManageOf('Grandma Rose') });
    expect(await within(dialog).findByText(messages.storytellerLinkUnshowable)).toBeTruthy();
    expect(within(dialog).queryByText(messages.storytellerNoLink)).toBeNull();
    expect(await tellStatus(rose.link)).toBe(200);

    fireEvent.click(within(dialog).getByRole('button', { name: messages.storytellerNewLink }));
    const field = await within(dialog).findByRole<HTMLTextAreaElement>('textbox', { name: messages.storytellerLinkField });
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.value).not.toBe(rose.link);
    expect(await tellStatus(field.value)).toBe(200);
    expect(await tellStatus(rose.link)).toBe(404);
  });

  it('offers the week\'s question only with an e-mail, saves the chosen day, time and zone, and says when they stopped it', async () => {
    const { ben, timeline } = await family();
    await server.addStoryteller(ben, timeline.id, { displayName: 'Grandpa Joe' });
    const rose = await server.addStoryteller(ben, timeline.id, { displayName: 'Grandma Rose', email: 'rose@example.org' });
    showMembers(timeline, ben);

    fireEvent.click(await within(await rowOf('Grandpa Joe')).findByRole('button', { name: messages.storytellerManageOf('Grandpa Joe') }));
    const joe = await screen.findByRole('dialog', { name: messages.storytellerManageOf('Grandpa Joe') });
    expect(await within(joe).findByText(messages.storytellerNeedsEmailForReminder)).toBeTruthy();
    expect(within(joe).queryByRole('switch', { name: messages.storytellerReminderOn })).toBeNull();
    cleanup();

    showMembers(timeline, ben);
    fireEvent.click(await within(await rowOf('Grandma Rose')).findByRole('button', { name: messages.storytellerManageOf('Grandma Rose') }));
    const dialog = await screen.findByRole('dialog', { name: messages.storytellerManageOf('Grandma Rose') });
    fireEvent.click(await within(dialog).findByRole('switch', { name: messages.storytellerReminderOn }));
    // The browser's own zone is chosen at first.
    expect(within(dialog).getByLabelText<HTMLInputElement>(messages.storytellerReminderZone).value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    fireEvent.change(within(dialog).getByRole('combobox', { name: messages.storytellerReminderDay }), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByLabelText(messages.storytellerReminderTime), { target: { value: '18:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: messages.storytellerReminderSave }));
    await waitFor(async () => {
      const row = await server.t.ctx.db.selectFrom('storytellers').selectAll().where('user_id', '=', rose.id).executeTakeFirstOrThrow();
      expect([row.reminder_weekday, row.reminder_time, row.reminder_tz]).toEqual([3, '18:30', Intl.DateTimeFormat().resolvedOptions().timeZone]);
    });
    cleanup();

    // She presses "unsubscribe" in a reminder: the family reads that it was her choice.
    const token = (await server.t.app.inject({ method: 'GET', url: `/api/storytellers/${rose.id}/link`, headers: { cookie: ben.cookie } })).json<{ link: string }>().link.split('/tell/')[1];
    const unsubscribed = await server.t.app.inject({
      method: 'POST',
      url: `/api/tell/${token}/unsubscribe`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribed.statusCode).toBeLessThan(300);
    showMembers(timeline, ben);
    fireEvent.click(await within(await rowOf('Grandma Rose')).findByRole('button', { name: messages.storytellerManageOf('Grandma Rose') }));
    const again = await screen.findByRole('dialog', { name: messages.storytellerManageOf('Grandma Rose') });
    expect(await within(again).findByText(messages.storytellerRemindersStopped)).toBeTruthy();
  });
});

describe.each(dialects)('A storyteller\'s managers, on a server that sends no mail (%s)', (dialect) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(dialect);
  });
  afterAll(() => server.close());
  afterEach(cleanup);

  it('offers no e-mail reminder, even for a storyteller with an address', async () => {
    const ben = await makeUser(server.t.ctx, { displayName: 'Ben Lovelace' });
    const timeline = asTimeline(await makeTimeline(server.t.ctx, ben.user, { name: 'Rose Family' }), ben);
    await server.addStoryteller(ben, timeline.id, { displayName: 'Grandma Rose', email: 'rose@example.org' });
    server.signInAs(ben);
    const { client } = renderLive(
      <MemoryRouter>
        <MembersCard timeline={timeline} user={asUser(ben)} />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: messages.storytellerManageOf('Grandma Rose') }));
    const dialog = await screen.findByRole('dialog', { name: messages.storytellerManageOf('Grandma Rose') });
    // The server's answer that it sends no mail has arrived, and her details with it.
    await waitFor(() => expect(client.getQueryData(queryKeys.publicConfig)).toMatchObject({ mail: { enabled: false } }));
    await waitFor(() => expect(within(dialog).getByRole<HTMLInputElement>('textbox', { name: messages.storytellerEmailLabel }).value).toBe('rose@example.org'));
    await waitFor(() => expect(within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: messages.storytellerLinkField }).value).toMatch(/\/tell\//));
    expect(within(dialog).queryByText(messages.storytellerReminderHeading)).toBeNull();
    expect(within(dialog).queryByRole('switch', { name: messages.storytellerReminderOn })).toBeNull();
  });
});

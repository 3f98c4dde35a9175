// @vitest-environment jsdom
// Issue 23 "Print a card", against the real server: the card carries their name, the QR code
// of their working link and the three steps; with the link stopped, or for a member who does not
// manage them, it says the card cannot be made rather than print a dead code.
import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../../common/messages';
import { dialects } from '../../../../server/test/app';
import { makeTimeline, makeUser, type MadeUser } from '../../../../server/test/factories';
import { MemoryRouter, Route, Routes } from 'react-router';
import { STORYTELLER_CARD_ROUTE, storytellerCardPath } from './paths';
import { StorytellerCardPage } from './StorytellerCardPage';
import { renderLive, startLiveServer, type LiveServer } from './storytellersTestKit';

describe.each(dialects)('The printed card (%s)', (dialect) => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer(dialect);
  });
  afterAll(() => server.close());
  afterEach(cleanup);

  const showCard = (storytellerId: string, viewer: MadeUser) => {
    server.signInAs(viewer);
    renderLive(
      <MemoryRouter initialEntries={[storytellerCardPath(storytellerId)]}>
        <Routes>
          <Route path={STORYTELLER_CARD_ROUTE} element={<StorytellerCardPage />} />
        </Routes>
      </MemoryRouter>,
    );
  };

  it('shows their name, the code of their link, the link and the three steps', async () => {
    const ben = await makeUser(server.t.ctx, { displayName: 'Ben Lovelace' });
    const timeline = await makeTimeline(server.t.ctx, ben.user, { name: 'Rose Family' });
    const rose = await server.addStoryteller(ben, timeline.id, { displayName: 'Grandma Rose' });
    showCard(rose.id, ben);

    const card = await screen.findByRole('article', { name: messages.storytellerCardTitle('Grandma Rose') });
    expect(card.querySelector('h1')?.textContent).toBe(messages.storytellerCardTitle('Grandma Rose'));
    expect((await screen.findByRole('img', { name: messages.storytellerQrCode('Grandma Rose') })).querySelector('svg')).toBeTruthy();
    expect([...card.querySelectorAll('li')].map((step) => step.textContent)).toEqual([...messages.storytellerCardSteps]);
    expect(card.textContent).toContain(rose.link);
    expect(screen.getByRole('button', { name: messages.storytellerCardPrint })).toBeTruthy();
  });

  it('says the card cannot be made once the link is stopped, and for a member who does not manage them', async () => {
    const ben = await makeUser(server.t.ctx, { displayName: 'Ben Lovelace' });
    const cy = await makeUser(server.t.ctx, { displayName: 'Cy Lovelace' });
    const timeline = await makeTimeline(server.t.ctx, ben.user, { name: 'Rose Family', members: [cy.user] });
    const rose = await server.addStoryteller(ben, timeline.id, { displayName: 'Grandma Rose' });

    showCard(rose.id, cy);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.storytellerCardUnavailable);
    expect(screen.queryByRole('img', { name: messages.storytellerQrCode('Grandma Rose') })).toBeNull();
    cleanup();

    const stopped = await server.t.app.inject({ method: 'DELETE', url: `/api/storytellers/${rose.id}/link`, headers: { cookie: ben.cookie } });
    expect(stopped.statusCode).toBe(204);
    showCard(rose.id, ben);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.storytellerCardUnavailable);
    expect(screen.queryByRole('button', { name: messages.storytellerCardPrint })).toBeNull();
  });
});

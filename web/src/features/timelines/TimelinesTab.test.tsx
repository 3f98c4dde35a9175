// @vitest-environment jsdom
// Manage Timelines' list shows Edit and Delete where the timeline's abilities allow them
// (server/access/abilities.ts), not by comparing owners itself (issue 21).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../../common/messages';
import type { Timeline, User } from '../../api/types';
import { queryKeys } from '../../api/keys';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { TimelinesTab } from './TimelinesTab';

const user = { id: 'ada', displayName: 'Ada', defaultTimelineId: 'home' } as unknown as User;
const timeline = (id: string, name: string, userId: string, abilities: Timeline['abilities']): Timeline => ({
  id,
  name,
  description: null,
  color: '#10b981',
  icon: null,
  isDefault: id === user.defaultTimelineId,
  userId,
  createdAt: '2026-01-01T00:00:00.000Z',
  abilities,
});

function renderTab(timelines: Timeline[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.timelines, timelines);
  renderWithMantine(
    <QueryClientProvider client={client}>
      <TimelinesTab user={user} />
    </QueryClientProvider>,
  );
}

describe('TimelinesTab', () => {
  beforeEach(installBrowserStandIns);
  afterEach(cleanup);

  it('offers Edit and Delete as each timeline says the viewer may', () => {
    renderTab([
      timeline('home', 'Home', 'ada', { canEdit: true, canDelete: false }),
      timeline('mine', 'Mine', 'ada', { canEdit: true, canDelete: true }),
      timeline('theirs', 'Cousins', 'rose', { canEdit: false, canDelete: false }),
    ]);
    expect(screen.getByRole('button', { name: messages.editTimelineOf('Home') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.deleteTimelineOf('Home') })).toBeNull();
    expect(screen.getByRole('button', { name: messages.editTimelineOf('Mine') })).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.deleteTimelineOf('Mine') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.editTimelineOf('Cousins') })).toBeNull();
    expect(screen.queryByRole('button', { name: messages.deleteTimelineOf('Cousins') })).toBeNull();
    // Any member may make any timeline their default; the default itself says so instead.
    expect(screen.getByRole('button', { name: messages.setTimelineAsDefault('Cousins') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: messages.setTimelineAsDefault('Home') })).toBeNull();
    expect(screen.getByText(messages.timelineDefaultBadge)).toBeTruthy();
  });

  it('follows the abilities even where owning would say otherwise', () => {
    renderTab([
      timeline('owned', 'Owned', 'ada', { canEdit: false, canDelete: false }),
      timeline('granted', 'Granted', 'rose', { canEdit: true, canDelete: true }),
    ]);
    expect(screen.queryByRole('button', { name: messages.editTimelineOf('Owned') })).toBeNull();
    expect(screen.queryByRole('button', { name: messages.deleteTimelineOf('Owned') })).toBeNull();
    expect(screen.getByRole('button', { name: messages.editTimelineOf('Granted') })).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.deleteTimelineOf('Granted') })).toBeTruthy();
  });
});

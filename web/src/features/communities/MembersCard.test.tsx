// @vitest-environment jsdom
// The members card offers Remove on the rows whose abilities allow it (server/access/
// abilities.ts: any member removes another, never the owner nor themselves), issue 21.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import type { Timeline, TimelineMember, User } from '../../api/types';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { MembersCard } from './MembersCard';

const user = { id: 'bea', displayName: 'Bea' } as unknown as User;
const family = {
  id: 't1',
  name: 'Lovelace Family',
  description: null,
  color: '#10b981',
  icon: null,
  isDefault: false,
  userId: 'rose',
  createdAt: '2026-01-01T00:00:00.000Z',
  abilities: { canEdit: false, canDelete: false },
} satisfies Timeline;
const person = (id: string, displayName: string, canRemove: boolean): TimelineMember => ({
  id,
  displayName,
  firstName: null,
  lastName: null,
  email: `${id}@example.org`,
  profileImageUrl: null,
  isStoryteller: false,
  abilities: { canRemove },
});

describe('MembersCard', () => {
  beforeEach(installBrowserStandIns);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers Remove only where the member list says the viewer may', async () => {
    vi.spyOn(api.timelines, 'members').mockResolvedValue([person('rose', 'Rose', false), person('bea', 'Bea', false), person('cy', 'Cy', true), person('di', 'Di', false)]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithMantine(
      <QueryClientProvider client={client}>
        <MembersCard timeline={family} user={user} />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('button', { name: messages.removeMemberOf('Cy') })).toBeTruthy();
    expect(screen.getByText(messages.timelineMembersHeading('Lovelace Family'))).toBeTruthy();
    expect(screen.getByText(messages.timelineMemberCount(4))).toBeTruthy();
    for (const name of ['Rose', 'Bea', 'Di']) expect(screen.queryByRole('button', { name: messages.removeMemberOf(name) })).toBeNull();
  });
});

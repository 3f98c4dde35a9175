// @vitest-environment jsdom
// issue 20 "Who sees a memory": the Share Memory dialog says who will see the memory for the
// selection on screen, starts a 'timeline' memory with every listed member ticked, and sends
// the audience the selection means beside the list. The server is not called (api is spied on).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '../../../../common/memories';
import type { TimelineMember } from '../../../../common/timelines';
import { api } from '../../api/endpoints';
import { queryKeys } from '../../api/keys';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { ShareMemoryDialog } from './ShareMemoryDialog';
import { messages } from '../../../../common/messages';

const person = (id: string, displayName: string): TimelineMember => ({
  id,
  displayName,
  firstName: null,
  lastName: null,
  email: `${id}@example.org`,
  profileImageUrl: null,
  isStoryteller: false,
  abilities: { canRemove: true },
});
const bea = person('bea', 'Bea Bennett');
const cy = person('cy', 'Cy Carter');

function renderDialog(memory: Partial<Memory>, members: TimelineMember[]) {
  vi.spyOn(api.timelines, 'members').mockResolvedValue(members);
  const share = vi.spyOn(api.memories, 'share').mockResolvedValue({} as Memory);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(queryKeys.timelines, [{ id: 't1', name: 'Our Family' }]);
  const full = { id: 'm1', timelineIds: ['t1'], sharedWith: ['ada'], audience: 'private', ...memory } as Memory;
  renderWithMantine(
    <QueryClientProvider client={client}>
      <ShareMemoryDialog memory={full} currentUserId="ada" opened onClose={() => undefined} />
    </QueryClientProvider>,
  );
  return { share };
}

const words = () => screen.getByRole('status');

beforeEach(() => {
  installBrowserStandIns();
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the Share Memory dialog says who sees the memory', () => {
  it("starts a 'timeline' memory with every listed member ticked, and says so in words, politely", async () => {
    // Cy joined after the memory was read: its sharedWith does not name him yet.
    renderDialog({ audience: 'timeline', sharedWith: ['ada', 'bea'] }, [bea, cy]);
    expect(((await screen.findByRole('checkbox', { name: 'Cy Carter' })) as HTMLInputElement).checked).toBe(true);
    expect(((screen.getByRole('checkbox', { name: 'Bea Bennett' })) as HTMLInputElement).checked).toBe(true);
    expect(words().textContent).toBe('Everyone on Our Family, including people who join later');
    expect(words().getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('button', { name: messages.shareAllMembers })).toBeTruthy();
  });

  it('sends people for some, private for none, timeline for all, each with its words', async () => {
    const { share } = renderDialog({ audience: 'private', sharedWith: ['ada'] }, [bea, cy]);
    const beaBox = await screen.findByRole('checkbox', { name: 'Bea Bennett' });
    expect(words().textContent).toBe('Only you');
    fireEvent.click(beaBox);
    expect(words().textContent).toBe('Only you and Bea Bennett');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cy Carter' }));
    expect(words().textContent).toBe('Everyone on Our Family, including people who join later');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cy Carter' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.shareUpdateSettings })));
    await waitFor(() => expect(share).toHaveBeenCalledWith('m1', ['ada', 'bea'], 'people'));
  });

  it("says 'Only you and the 2 people you chose' for two of three, and sends private with nobody ticked", async () => {
    const dee = person('dee', 'Dee Dale');
    const { share } = renderDialog({ audience: 'people', sharedWith: ['ada', 'bea', 'cy'] }, [bea, cy, dee]);
    await screen.findByRole('checkbox', { name: 'Dee Dale' });
    expect(words().textContent).toBe('Only you and the 2 people you chose');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bea Bennett' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Cy Carter' }));
    expect(words().textContent).toBe('Only you');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.shareMakePrivate })));
    await waitFor(() => expect(share).toHaveBeenCalledWith('m1', ['ada'], 'private'));
  });

  it('with nobody else listed yet, one box says whether those who join see it, and a private memory stays private until it is ticked', async () => {
    const { share } = renderDialog({ audience: 'private', sharedWith: ['ada'] }, []);
    await screen.findByText(messages.shareMemoryNobodyElse);
    const joiners = screen.getByRole('checkbox', { name: messages.shareWithJoiners }) as HTMLInputElement;
    expect(joiners.checked).toBe(false);
    expect(words().textContent).toBe('Only you');
    expect(screen.getByRole('button', { name: messages.shareMakePrivate })).toBeTruthy();
    fireEvent.click(joiners);
    expect(words().textContent).toBe('Everyone on Our Family, including people who join later');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.shareAllMembers })));
    await waitFor(() => expect(share).toHaveBeenCalledWith('m1', ['ada'], 'timeline'));
  });

  it("with nobody else listed yet, a 'timeline' memory can be made private by unticking the box", async () => {
    const { share } = renderDialog({ audience: 'timeline', sharedWith: ['ada'] }, []);
    const joiners = (await screen.findByRole('checkbox', { name: messages.shareWithJoiners })) as HTMLInputElement;
    expect(joiners.checked).toBe(true);
    fireEvent.click(joiners);
    expect(words().textContent).toBe('Only you');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.shareMakePrivate })));
    await waitFor(() => expect(share).toHaveBeenCalledWith('m1', ['ada'], 'private'));
  });
});

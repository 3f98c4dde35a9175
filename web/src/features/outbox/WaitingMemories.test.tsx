// @vitest-environment jsdom
// Issue 26: home's list of the memories waiting on this device (IndexedDB: fake-indexeddb):
// nothing when none waits; a waiting one with its title and "Waiting to send"; one the server
// refused with its words, Try again, and Remove, which asks first.
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../../common/messages';
import { queryKeys } from '../../api/keys';
import { keepInOutbox, partsOf, updateEntry, type OutboxRequest } from '../../lib/outbox';
import { outboxOf, removeEntry } from '../../lib/outbox/store';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { useWaitingMemories, WaitingMemories } from './WaitingMemories';

function memory(title: string, timelineId = 't1'): OutboxRequest {
  const form = new FormData();
  form.append('title', title);
  form.append('timelineIds', JSON.stringify([timelineId]));
  return { kind: 'memory', owner: 'u1', url: '/api/memories', idempotencyKey: crypto.randomUUID(), parts: partsOf(form), label: title, timelineIds: [timelineId] };
}

function renderList(timelineId?: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(queryKeys.currentUser, { id: 'u1', displayName: 'Rose' });
  return renderWithMantine(
    <QueryClientProvider client={client}>
      <WaitingMemories timelineId={timelineId} />
    </QueryClientProvider>,
  );
}

beforeEach(() => installBrowserStandIns());
afterEach(async () => {
  cleanup();
  for (const entry of await outboxOf('u1')) await removeEntry(entry.id);
});

describe('Memories waiting to send (issue 26)', () => {
  it('shows nothing when nothing waits', async () => {
    renderList();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: messages.memoriesWaitingTitle })).toBeNull();
  });

  it("lists a waiting memory by its title, 'Waiting to send'; a timeline's page only those filed on it", async () => {
    await keepInOutbox(memory('The train to Brighton'));
    await keepInOutbox(memory('Elsewhere', 't2'));
    renderList('t1');
    const item = await screen.findByRole('listitem', { name: 'The train to Brighton' });
    expect(within(item).getByText(messages.outboxWaiting)).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Elsewhere' })).toBeNull();
  });

  it("useWaitingMemories: home's, a timeline's own, and none for a page with no timeline", async () => {
    await keepInOutbox(memory('The train to Brighton'));
    await keepInOutbox(memory('Elsewhere', 't2'));
    const client = new QueryClient();
    client.setQueryData(queryKeys.currentUser, { id: 'u1', displayName: 'Rose' });
    const titles = (timelineId?: string | null) => {
      const { result } = renderHook(() => useWaitingMemories(timelineId), { wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> });
      return () => result.current.entries.map((entry) => entry.label).sort();
    };
    const home = titles();
    const t2 = titles('t2');
    const none = titles(null);
    await waitFor(() => expect(home()).toEqual(['Elsewhere', 'The train to Brighton']));
    await waitFor(() => expect(t2()).toEqual(['Elsewhere']));
    expect(none()).toEqual([]);
  });

  it("shows a refusal in the server's words with Try again, and Remove asks first before the memory is lost", async () => {
    const kept = await keepInOutbox(memory('Sunday lunch'));
    await updateEntry(kept.id, (entry) => ({ ...entry, state: 'refused', lastStatus: 404, lastMessage: 'Timeline not found' }));
    renderList();
    const item = await screen.findByRole('listitem', { name: 'Sunday lunch' });
    expect(within(item).getByText(messages.memoryRefused)).toBeTruthy();
    expect(within(item).getByText('Timeline not found')).toBeTruthy();
    expect(within(item).getByRole('button', { name: messages.memoryRetry('Sunday lunch') })).toBeTruthy();
    const remove = within(item).getByRole('button', { name: messages.memoryRemoveWaitingLabel('Sunday lunch') }) as HTMLButtonElement;
    // Offered once the question's code is here (RefusedEntry).
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    const asking = await screen.findByRole('dialog', { name: messages.memoryRemoveWaitingTitle });
    expect(await outboxOf('u1')).toHaveLength(1);
    fireEvent.click(within(asking).getByRole('button', { name: messages.memoryRemoveWaiting }));
    await waitFor(async () => expect(await outboxOf('u1')).toEqual([]));
    await waitFor(() => expect(screen.queryByRole('region', { name: messages.memoriesWaitingTitle })).toBeNull());
  });

  it("shows on home a comment refused because its memory is gone, to be removed; a comment still waiting stays under its memory", async () => {
    const comment = (words: string): OutboxRequest => ({ kind: 'comment', owner: 'u1', url: '/api/memories/m1/comments', idempotencyKey: crypto.randomUUID(), parts: [{ name: 'content', value: words }], label: words, memoryId: 'm1' });
    const orphan = await keepInOutbox(comment('What a day that was'));
    await updateEntry(orphan.id, (entry) => ({ ...entry, state: 'refused', lastStatus: 404, lastMessage: 'Memory not found' }));
    await keepInOutbox(comment('Still on its way'));
    renderList();
    const item = await screen.findByRole('listitem', { name: 'What a day that was' });
    expect(within(item).getByText('Memory not found')).toBeTruthy();
    // A comment's words wherever it shows (RefusedEntry's commentRefusalWords), not a memory's.
    expect(within(item).getByRole('button', { name: messages.commentRetry })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Still on its way' })).toBeNull();
    const remove = within(item).getByRole('button', { name: messages.commentRemoveWaitingLabel }) as HTMLButtonElement;
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    const asking = await screen.findByRole('dialog', { name: messages.commentRemoveWaitingTitle });
    fireEvent.click(within(asking).getByRole('button', { name: messages.commentRemoveWaiting }));
    await waitFor(async () => expect((await outboxOf('u1')).map((entry) => entry.label)).toEqual(['Still on its way']));
  });
});

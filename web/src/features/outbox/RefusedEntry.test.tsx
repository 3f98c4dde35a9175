// @vitest-environment jsdom
// Issue 26: a refusal's Remove asks first, with a question whose code is fetched when the refusal
// shows. Opened offline with no service worker, that code cannot come: Remove waits, disabled,
// rather than answer a tap with nothing, and is offered once the connection returns and the code
// has come.
import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepInOutbox, partsOf, updateEntry, type OutboxEntry } from '../../lib/outbox';
import { outboxOf, removeEntry } from '../../lib/outbox/store';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { RefusedEntry, type RefusedEntryWords } from './RefusedEntry';

const network = vi.hoisted(() => ({ up: false, asked: 0 }));
vi.mock('../../components/ConfirmDeleteDialog', async (original) => {
  network.asked += 1;
  if (!network.up) throw new Error('Failed to fetch dynamically imported module');
  return original();
});

const words: RefusedEntryWords = {
  detail: 'The server said no.',
  retryLabel: 'Send Sunday lunch again',
  removeLabel: 'Remove Sunday lunch',
  remove: 'Remove',
  removeTitle: 'Remove this memory?',
  removeDetail: 'What it holds goes from this device.',
};

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

async function refusedEntry(): Promise<OutboxEntry> {
  const form = new FormData();
  form.append('title', 'Sunday lunch');
  const kept = await keepInOutbox({ kind: 'memory', owner: 'u1', url: '/api/memories', idempotencyKey: crypto.randomUUID(), parts: partsOf(form), label: 'Sunday lunch', timelineIds: ['t1'] });
  await updateEntry(kept.id, (entry) => ({ ...entry, state: 'refused', lastStatus: 404, lastMessage: 'Timeline not found' }));
  return (await outboxOf('u1'))[0]!;
}

beforeEach(() => installBrowserStandIns());
afterEach(async () => {
  cleanup();
  for (const entry of await outboxOf('u1')) await removeEntry(entry.id);
});

describe('RefusedEntry', () => {
  it("offers Remove only once its question's code has come, fetched again when the connection returns", async () => {
    const entry = await refusedEntry();
    await act(async () => setOnline(false));
    renderWithMantine(<RefusedEntry entry={entry} words={words} />);
    expect(screen.getByText('Timeline not found')).toBeTruthy();
    const remove = screen.getByRole('button', { name: words.removeLabel }) as HTMLButtonElement;
    // The fetch was tried and failed: Remove stays disabled, and a press opens nothing.
    await waitFor(() => expect(network.asked).toBe(1));
    expect(remove.disabled).toBe(true);
    fireEvent.click(remove);
    expect(screen.queryByRole('dialog')).toBeNull();

    network.up = true;
    await act(async () => setOnline(true));
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    expect(await screen.findByRole('dialog', { name: words.removeTitle })).toBeTruthy();
    expect(await outboxOf('u1')).toHaveLength(1);
  });
});

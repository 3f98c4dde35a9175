// @vitest-environment jsdom
// Issue 22: an open memory whose words are on their way asks again every 3 s and shows the
// words in place of 'Writing down what was said…' when they come, without a reload; it stops
// asking once they are there, and never while the edit form holds the memory.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '../../../../../common/memories';
import { api } from '../../../api/endpoints';
import { installBrowserStandIns, renderWithMantine } from '../../../test/renderWithMantine';
import { ScriptedAudio } from '../../../test/scriptedAudio';
import { voicedMemory } from '../../../test/voicedMemory';
import { MemoryDetailDialog } from './MemoryDetailDialog';

vi.mock('../../auth', () => ({ useCurrentUser: () => ({ user: { id: 'gran' } }) }));
vi.mock('../../comments', () => ({ CommentsSection: () => null }));
vi.mock('./MemoryTimelines', () => ({ MemoryTimelines: () => null }));
vi.mock('./MemoryActionBar', () => ({ MemoryActionBar: ({ onEdit }: { onEdit: () => void }) => <button onClick={onEdit}>Edit</button> }));
vi.mock('../edit/MemoryEditView', () => ({ MemoryEditView: () => <p>Editing</p> }));

const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function openDialog(answers: Memory[]) {
  const get = vi.spyOn(api.memories, 'get').mockImplementation(async () => answers[Math.min(get.mock.calls.length - 1, answers.length - 1)]!);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <MemoryDetailDialog memoryId="m1" onClose={vi.fn()} />
    </QueryClientProvider>,
  );
  return get;
}

beforeEach(() => {
  vi.useFakeTimers();
  installBrowserStandIns();
  ScriptedAudio.reset();
  vi.stubGlobal('Audio', ScriptedAudio);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('an open memory whose words are on their way', () => {
  it('shows the words in place of the line when they arrive, then stops asking', async () => {
    const get = openDialog([voicedMemory({ transcriptionStatus: 'queued' }), voicedMemory({ transcriptionStatus: 'done', transcription: 'We ate outside.' })]);
    await wait(100);
    expect(screen.getByText('Writing down what was said…')).toBeTruthy();
    await wait(3_000);
    expect(get).toHaveBeenCalledTimes(2);
    expect(screen.getByText('We ate outside.')).toBeTruthy();
    expect(screen.queryByText('Writing down what was said…')).toBeNull();
    await wait(30_000);
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('does not ask again while the edit form is open', async () => {
    const get = openDialog([voicedMemory({ transcriptionStatus: 'working' })]);
    await wait(100);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByText('Editing')).toBeTruthy();
    await wait(30_000);
    expect(get).toHaveBeenCalledTimes(1);
  });
});

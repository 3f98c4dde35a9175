// @vitest-environment jsdom
// memories §2 "Search Memories dialog", §5, §8, §9: the hint under 2 characters, one search
// 500 ms after the typing settles, answers kept a minute, the matched words marked, 'No
// results found' for an empty answer and for a failure, the filters sent, and a result
// (chosen by pointer or reached with the arrow keys) opening the memory detail dialog.
import { Modal } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '../../../../common/memories';
import { api } from '../../api/endpoints';
import { ApiError } from '../../api/errors';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { SearchDialog } from './SearchDialog';
import { messages } from '../../../../common/messages';

const openMemory = vi.hoisted(() => vi.fn());
vi.mock('../memories', () => ({ useOpenMemory: () => openMemory }));
vi.mock('../timelines', () => ({
  useTimelines: () => ({
    timelines: [
      { id: 't-family', name: 'Family' },
      { id: 't-travel', name: 'Travels' },
    ],
    isLoading: false,
    error: null,
  }),
}));

function memory(id: string, fields: Partial<Memory>): Memory {
  return {
    id,
    title: 'Untitled',
    content: '',
    transcription: '',
    tags: [],
    createdAt: '2024-03-15T10:00:00.000Z',
    updatedAt: '2024-03-15T10:00:00.000Z',
    userId: 'u1',
    familyId: null,
    audioUrl: null,
    audioDuration: null,
    timelineIds: ['t-family'],
    sharedWith: ['u1'],
    images: [],
    videos: [],
    followUpResponses: [],
    creator: { id: 'u1', displayName: 'Ada', firstName: null, lastName: null, email: 'ada@example.org', profileImageUrl: null },
    abilities: { canEdit: true, canDelete: true, canShare: true },
    ...fields,
  } as Memory;
}

const garden = memory('m-garden', {
  title: "Grandmother's garden",
  transcription: 'She grew tomatoes by the lake every summer.',
  images: [{ id: 'i1', url: '/uploads/garden.jpg', thumbnailUrl: '/uploads/garden-thumb.jpg', originalUrl: '/uploads/garden-original.jpg', width: 640, height: 480 }],
});
const lake = memory('m-lake', { title: 'Lake trip', content: 'Grandpa rowed us across.' });

const searchBox = () => screen.getByRole('searchbox', { name: /Search your memories/ });
const type = (text: string) => fireEvent.change(searchBox(), { target: { value: text } });
/** Lets the 500 ms debounce run out, then the answer reach the screen (React renders when act ends). */
const settleTyping = async () => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(500);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });
};

function renderDialog({ onClose = () => undefined, above }: { onClose?: () => void; above?: ReactNode } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return renderWithMantine(
    <QueryClientProvider client={client}>
      <SearchDialog opened onClose={onClose} />
      {above}
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  installBrowserStandIns();
  vi.useFakeTimers({ shouldAdvanceTime: false });
  openMemory.mockReset();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Search Memories dialog', () => {
  it("asks for 2 characters with 'Enter at least 2 characters to search' and searches nothing before", async () => {
    const search = vi.spyOn(api.memories, 'search').mockResolvedValue([]);
    renderDialog();
    expect(screen.getByRole('dialog', { name: messages.searchTitle })).toBeTruthy();
    expect(screen.getByText(messages.searchHint)).toBeTruthy();
    type(' g ');
    await settleTyping();
    expect(screen.getByText(messages.searchHint)).toBeTruthy();
    expect(search).not.toHaveBeenCalled();
  });

  it('searches once, 500 ms after the typing settles, with the trimmed text', async () => {
    const search = vi.spyOn(api.memories, 'search').mockResolvedValue([garden]);
    renderDialog();
    for (const text of ['g', 'gr', 'gra', 'gran ']) {
      type(text);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(200);
      });
    }
    expect(search).not.toHaveBeenCalled();
    expect(screen.getByText(messages.searchSearching)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(299);
    });
    expect(search).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10);
    });
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith({ q: 'gran', withImages: false, timelineIds: [] });
    expect(screen.getByText('1 memory found')).toBeTruthy();
  });

  it('marks the matched words in the title and the snippet, and shows the thumbnail', async () => {
    vi.spyOn(api.memories, 'search').mockResolvedValue([garden]);
    renderDialog();
    type('GRAN lake');
    await settleTyping();
    const result = within(screen.getByRole('list', { name: messages.searchResults })).getByRole('button');
    const marks = [...result.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['Gran', 'lake']);
    expect(result.textContent).toContain('She grew tomatoes by the lake every summer.');
    expect(result.textContent).toContain('Mar 15, 2024');
    expect(result.querySelector('img')?.getAttribute('src')).toBe('/uploads/garden-thumb.jpg');
  });

  it("says 'No results found' when nothing matches", async () => {
    vi.spyOn(api.memories, 'search').mockResolvedValue([]);
    renderDialog();
    type('winter');
    await settleTyping();
    expect(screen.getByText(messages.searchNoResults)).toBeTruthy();
  });

  it("says 'No results found' when the search fails (memories §8)", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(api.memories, 'search').mockRejectedValue(new ApiError(500, '{"message":"boom"}', '500: boom'));
    renderDialog();
    type('garden');
    await settleTyping();
    expect(screen.getByText(messages.searchNoResults)).toBeTruthy();
    expect(screen.queryByRole('list', { name: messages.searchResults })).toBeNull();
  });

  it('keeps an answer for a minute: the same search again asks nothing, after a minute it asks again', async () => {
    const search = vi.spyOn(api.memories, 'search').mockResolvedValue([lake]);
    renderDialog();
    type('lake');
    await settleTyping();
    type('la');
    await settleTyping();
    type('lake');
    await settleTyping();
    expect(search.mock.calls.map(([filter]) => filter.q)).toEqual(['lake', 'la']);
    expect(screen.getByText('1 memory found')).toBeTruthy();

    type('');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61_000);
    });
    type('lake');
    await settleTyping();
    expect(search.mock.calls.map(([filter]) => filter.q)).toEqual(['lake', 'la', 'lake']);
  });

  it('sends the photo and timeline filters', async () => {
    const search = vi.spyOn(api.memories, 'search').mockResolvedValue([garden]);
    renderDialog();
    type('garden');
    await settleTyping();
    fireEvent.click(screen.getByRole('switch', { name: messages.searchWithImages }));
    await settleTyping();
    expect(search).toHaveBeenLastCalledWith({ q: 'garden', withImages: true, timelineIds: [] });

    fireEvent.click(screen.getByRole('combobox', { name: messages.timelines }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.click(screen.getByRole('option', { name: 'Travels', hidden: true }));
    await settleTyping();
    expect(search).toHaveBeenLastCalledWith({ q: 'garden', withImages: true, timelineIds: ['t-travel'] });
  });

  it('opens the chosen result in the memory detail dialog', async () => {
    vi.spyOn(api.memories, 'search').mockResolvedValue([garden, lake]);
    renderDialog();
    type('la');
    await settleTyping();
    fireEvent.click(screen.getByRole('button', { name: /Lake trip/ }));
    expect(openMemory).toHaveBeenCalledWith('m-lake');
  });

  it('moves through the results with the arrow keys, from the text box and back to it', async () => {
    vi.spyOn(api.memories, 'search').mockResolvedValue([garden, lake]);
    renderDialog();
    type('la');
    await settleTyping();
    const [first, second] = within(screen.getByRole('list', { name: messages.searchResults })).getAllByRole('button');
    searchBox().focus();
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'ArrowUp' });
    fireEvent.keyDown(first!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(searchBox());
  });

  it('on Escape closes only the memory opened above it, and itself once that is gone', async () => {
    const onClose = vi.fn();
    const memoryAbove = (
      <Modal opened onClose={() => undefined} title="Lake trip">
        A memory
      </Modal>
    );
    const { rerender } = renderDialog({ onClose, above: memoryAbove });
    await settleTyping();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();

    const client = new QueryClient();
    rerender(
      <QueryClientProvider client={client}>
        <SearchDialog opened onClose={onClose} />
      </QueryClientProvider>,
    );
    await settleTyping();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

// @vitest-environment jsdom
// memories §2 "Search Memories dialog", §5, §8, §9: the hint under 2 characters, one search
// 500 ms after the typing settles, answers kept a minute, the matched words marked, 'No
// results found' for an empty answer and for a failure, the filters sent, and a result
// (chosen by pointer or reached with the arrow keys) opening the memory detail dialog. The
// results come a page at a time: 'More results' (or the end of the list coming near) asks for
// the next with the cursor the last one gave, and a failed next page keeps what was found.
import { Modal } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_PAGE_SIZE } from '../../../../common/limits';
import type { Memory, MemoryPage } from '../../../../common/memories';
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

/** An answer with no page after it. */
const lastPage = (memories: Memory[]): MemoryPage => ({ memories, nextCursor: null });

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
    const search = vi.spyOn(api.memories, 'search').mockResolvedValue(lastPage([]));
    renderDialog();
    expect(screen.getByRole('dialog', { name: messages.searchTitle })).toBeTruthy();
    expect(screen.getByText(messages.searchHint)).toBeTruthy();
    type(' g ');
    await settleTyping();
    expect(screen.getByText(messages.searchHint)).toBeTruthy();
    expect(search).not.toHaveBeenCalled();
  });

  it('searches once, 500 ms after the typing settles, with the trimmed text', async () => {
    const search = vi.spyOn(api.memories, 'search').mockResolvedValue(lastPage([garden]));
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
    expect(search).toHaveBeenCalledWith({ q: 'gran', withImages: false, timelineIds: [] }, { cursor: null, limit: SEARCH_PAGE_SIZE });
    expect(screen.getByText('1 memory found')).toBeTruthy();
  });

  it('marks the matched words in the title and the snippet, and shows the thumbnail', async () => {
    vi.spyOn(api.memories, 'search').mockResolvedValue(lastPage([garden]));
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
    vi.spyOn(api.memories, 'search').mockResolvedValue(lastPage([]));
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
    const search = vi.spyOn(api.memories, 'search').mockResolvedValue(lastPage([lake]));
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
    const search = vi.spyOn(api.memories, 'search').mockResolvedValue(lastPage([garden]));
    renderDialog();
    type('garden');
    await settleTyping();
    fireEvent.click(screen.getByRole('switch', { name: messages.searchWithImages }));
    await settleTyping();
    expect(search).toHaveBeenLastCalledWith({ q: 'garden', withImages: true, timelineIds: [] }, { cursor: null, limit: SEARCH_PAGE_SIZE });

    fireEvent.click(screen.getByRole('combobox', { name: messages.timelines }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.click(screen.getByRole('option', { name: 'Travels', hidden: true }));
    await settleTyping();
    expect(search).toHaveBeenLastCalledWith({ q: 'garden', withImages: true, timelineIds: ['t-travel'] }, { cursor: null, limit: SEARCH_PAGE_SIZE });
  });

  it("on a phone keeps the filters behind 'Filters', which counts those on while they are folded", async () => {
    const wide = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({ ...wide(query), matches: query.includes('max-width') }));
    const search = vi.spyOn(api.memories, 'search').mockResolvedValue(lastPage([garden]));
    renderDialog();
    const filters = screen.getByRole('button', { name: messages.searchFilters });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('switch', { name: messages.searchWithImages })).toBeNull();
    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    // The fold opens with a transition.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    type('garden');
    fireEvent.click(screen.getByRole('switch', { name: messages.searchWithImages }));
    fireEvent.click(screen.getByRole('combobox', { name: messages.timelines }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(300);
    });
    fireEvent.click(screen.getByRole('option', { name: 'Travels', hidden: true }));
    await settleTyping();
    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    expect(filters.textContent).toBe(messages.searchFiltersOn(2));
    // Folded, they still narrow the search.
    expect(search).toHaveBeenLastCalledWith({ q: 'garden', withImages: true, timelineIds: ['t-travel'] }, { cursor: null, limit: SEARCH_PAGE_SIZE });
  });

  it('shows the filters themselves on a wider screen, with no button before them', () => {
    renderDialog();
    expect(screen.queryByRole('button', { name: new RegExp(`^${messages.searchFilters}`) })).toBeNull();
    // A role query passes over what is not displayed.
    expect(screen.getByRole('switch', { name: messages.searchWithImages })).toBeTruthy();
  });

  it('opens the chosen result in the memory detail dialog', async () => {
    vi.spyOn(api.memories, 'search').mockResolvedValue(lastPage([garden, lake]));
    renderDialog();
    type('la');
    await settleTyping();
    fireEvent.click(screen.getByRole('button', { name: /Lake trip/ }));
    expect(openMemory).toHaveBeenCalledWith('m-lake');
  });

  it('moves through the results with the arrow keys, from the text box and back to it', async () => {
    vi.spyOn(api.memories, 'search').mockResolvedValue(lastPage([garden, lake]));
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

  describe('a page at a time', () => {
    const river = memory('m-river', { title: 'River walk', content: 'Down by the lake path.', createdAt: '2023-07-01T10:00:00.000Z' });
    const moreButton = () => screen.getByRole('button', { name: messages.searchMoreResults });
    /** Lets an answer asked for by a click reach the screen. */
    const settleAnswer = async () => {
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10);
      });
    };

    it(`asks for ${SEARCH_PAGE_SIZE}, and 'More results' asks for the next with the cursor the first page gave`, async () => {
      const search = vi
        .spyOn(api.memories, 'search')
        .mockResolvedValueOnce({ memories: [garden, lake], nextCursor: 'after-lake' })
        .mockResolvedValueOnce(lastPage([river]));
      renderDialog();
      type('la');
      await settleTyping();
      expect(search).toHaveBeenCalledTimes(1);
      expect(search).toHaveBeenLastCalledWith({ q: 'la', withImages: false, timelineIds: [] }, { cursor: null, limit: SEARCH_PAGE_SIZE });

      fireEvent.click(moreButton());
      await settleAnswer();
      expect(search).toHaveBeenCalledTimes(2);
      expect(search).toHaveBeenLastCalledWith({ q: 'la', withImages: false, timelineIds: [] }, { cursor: 'after-lake', limit: SEARCH_PAGE_SIZE });
      const buttons = within(screen.getByRole('list', { name: messages.searchResults })).getAllByRole('button');
      expect(buttons.map((button) => button.querySelector('p')?.textContent)).toEqual(["Grandmother's garden", 'Lake trip', 'River walk']);
      // Reading on: focus goes to the first result the button brought.
      expect(document.activeElement).toBe(buttons[2]);
      expect(screen.queryByRole('button', { name: messages.searchMoreResults })).toBeNull();
    });

    it('says how many so far while more remain, and the exact count once the last page has come', async () => {
      vi.spyOn(api.memories, 'search')
        .mockResolvedValueOnce({ memories: [garden, lake], nextCursor: 'after-lake' })
        .mockResolvedValueOnce(lastPage([river]));
      renderDialog();
      type('la');
      await settleTyping();
      expect(screen.getByText(messages.searchResultCountMore(2))).toBeTruthy();
      expect(screen.getByText('2 memories found so far, more below')).toBeTruthy();
      expect(screen.queryByText(messages.searchResultCount(2))).toBeNull();

      fireEvent.click(moreButton());
      await settleAnswer();
      expect(screen.getByText(messages.searchResultCount(3))).toBeTruthy();
      expect(screen.queryByText(messages.searchResultCountMore(3))).toBeNull();
    });

    it('moves through the results of both pages with the arrow keys', async () => {
      vi.spyOn(api.memories, 'search')
        .mockResolvedValueOnce({ memories: [garden], nextCursor: 'after-garden' })
        .mockResolvedValueOnce(lastPage([lake]));
      renderDialog();
      type('la');
      await settleTyping();
      fireEvent.click(moreButton());
      await settleAnswer();
      const [first, second] = within(screen.getByRole('list', { name: messages.searchResults })).getAllByRole('button');
      first!.focus();
      fireEvent.keyDown(first!, { key: 'ArrowDown' });
      expect(document.activeElement).toBe(second);
      fireEvent.keyDown(second!, { key: 'ArrowUp' });
      expect(document.activeElement).toBe(first);
    });

    it('keeps the results shown when the next page fails, says so in words, and asks again from the button', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const search = vi
        .spyOn(api.memories, 'search')
        .mockResolvedValueOnce({ memories: [garden, lake], nextCursor: 'after-lake' })
        .mockRejectedValueOnce(new ApiError(503, '', '503: Service Unavailable'))
        .mockResolvedValueOnce(lastPage([river]));
      renderDialog();
      type('la');
      await settleTyping();
      fireEvent.click(moreButton());
      await settleAnswer();

      const list = screen.getByRole('list', { name: messages.searchResults });
      expect(within(list).getAllByRole('button')).toHaveLength(2);
      expect(screen.queryByText(messages.searchNoResults)).toBeNull();
      expect(screen.getByRole('alert').textContent).toContain(messages.searchMoreFailed);
      expect(screen.getByText(messages.searchResultCountMore(2))).toBeTruthy();

      fireEvent.click(moreButton());
      await settleAnswer();
      expect(search).toHaveBeenLastCalledWith({ q: 'la', withImages: false, timelineIds: [] }, { cursor: 'after-lake', limit: SEARCH_PAGE_SIZE });
      expect(within(list).getAllByRole('button')).toHaveLength(3);
      expect(screen.queryByText(messages.searchMoreFailed)).toBeNull();
      expect(screen.getByText(messages.searchResultCount(3))).toBeTruthy();
    });

    it('asks for the next page as the end of the list nears view', async () => {
      const watching: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
            watching.push(callback);
          }
          observe() {}
          disconnect() {}
        },
      );
      const search = vi
        .spyOn(api.memories, 'search')
        .mockResolvedValueOnce({ memories: [garden], nextCursor: 'after-garden' })
        .mockResolvedValueOnce(lastPage([lake]));
      renderDialog();
      type('la');
      await settleTyping();
      expect(search).toHaveBeenCalledTimes(1);
      act(() => watching.at(-1)!([{ isIntersecting: true }]));
      await settleAnswer();
      expect(search).toHaveBeenLastCalledWith({ q: 'la', withImages: false, timelineIds: [] }, { cursor: 'after-garden', limit: SEARCH_PAGE_SIZE });
      expect(within(screen.getByRole('list', { name: messages.searchResults })).getAllByRole('button')).toHaveLength(2);
    });
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

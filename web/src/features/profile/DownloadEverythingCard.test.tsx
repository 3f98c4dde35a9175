// @vitest-environment jsdom
// Issue 25 "Download everything" on the profile page: the sentence of what it is and Make my
// archive when there is none, the progress in words and bar while it is made (asked again only
// then, and said in a live region), ready with its size, counts, day and a plain Download link,
// a failed one's words and Try again, Delete asked first, and a list that could not be read.
// The API is the endpoints' own functions, answering as the server's routes do
// (common/everything-archive.ts); the e2e spec (e2e/archive-everything.spec.ts) runs it whole.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EverythingArchive } from '../../../../common/everything-archive';
import { messages } from '../../../../common/messages';
import { api } from '../../api/endpoints';
import { ApiError } from '../../api/errors';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { DownloadEverythingCard } from './DownloadEverythingCard';
import { EVERYTHING_ARCHIVE_POLL_MS } from './useEverythingArchives';

const counts = { people: 3, families: 1, timelines: 2, memberships: 4, memories: 214, comments: 9, questions: 0, storytellers: 0, files: 530 };

function archive(fields: Partial<EverythingArchive>): EverythingArchive {
  return {
    id: 'a1',
    status: 'queued',
    progress: 0,
    bytes: null,
    counts: null,
    fileName: null,
    error: null,
    createdAt: '2026-11-20T15:00:00.000Z',
    updatedAt: '2026-11-20T15:00:00.000Z',
    ...fields,
  };
}

const ready = (fields: Partial<EverythingArchive> = {}) =>
  archive({ status: 'ready', progress: 100, bytes: 1_234_000_000, counts, fileName: 'heirloom-2026-11-20.zip', ...fields });

/** The server's list, as the test sets it; each GET answers what it holds then. */
let served: EverythingArchive[] | Error = [];
let list: ReturnType<typeof vi.spyOn>;

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <DownloadEverythingCard />
    </QueryClientProvider>,
  );
}

const section = () => screen.getByRole('region', { name: messages.everythingTitle });
const liveRegion = () => within(section()).getByRole('status');

beforeEach(() => {
  installBrowserStandIns();
  served = [];
  list = vi.spyOn(api.everythingArchives, 'list').mockImplementation(async () => {
    if (served instanceof Error) throw served;
    return served;
  });
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Download everything on the profile page', () => {
  it('says what the archive is when there is none, and Make my archive starts one and shows its progress', async () => {
    const create = vi.spyOn(api.everythingArchives, 'create').mockImplementation(async () => {
      served = [archive({ id: 'new', status: 'queued' })];
      return { id: 'new', status: 'queued' };
    });
    open();
    expect(await screen.findByText(messages.everythingNone)).toBeTruthy();
    expect(within(section()).getByText(messages.everythingIntro)).toBeTruthy();
    expect(messages.everythingIntro).toBe(
      'Everything you can see in Heirloom — memories, photos, videos, voices, comments — in one archive you can open on any computer, even without Heirloom.',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.everythingMake })));
    expect(create).toHaveBeenCalledTimes(1);
    // Said on the page and in the live region alike (0 is already a ten).
    expect(await screen.findByText(messages.everythingProgress(messages.everythingQueued, 0), { selector: 'p' })).toBeTruthy();
    expect(liveRegion().textContent).toBe('Waiting to start… 0%');
    expect(toast.success).toHaveBeenCalledWith(messages.everythingStarted, messages.everythingStartedDetail);
    // The button pressed is gone: the focus is on the section's heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: messages.everythingTitle }));
  });

  it('shows the progress in words and a bar while it is made, asks again, and says when it is ready with its size, counts, day and Download', async () => {
    served = [archive({ status: 'working', progress: 42 })];
    open();
    const bar = await screen.findByRole('progressbar', { name: messages.everythingProgressLabel });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Gathering your memories… 42%')).toBeTruthy();
    expect(liveRegion().textContent).toBe('Gathering your memories… 40%');
    expect(screen.queryByRole('link')).toBeNull();

    served = [ready()];
    const download = await screen.findByRole('link', { name: 'Download your archive (1.2 GB, zip)' }, { timeout: EVERYTHING_ARCHIVE_POLL_MS * 3 });
    expect(download.getAttribute('href')).toBe('/api/archives/a1/file');
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('1.2 GB · 214 memories, 530 files · Made on November 20, 2026')).toBeTruthy();
    expect(liveRegion().textContent).toBe(messages.everythingReadyAnnounced);
    expect(list.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('does not ask again while the archive shown is ready, and says nothing aloud about one ready before the page opened', async () => {
    served = [ready({ counts: { ...counts, memories: 1, files: 1 }, bytes: 900 })];
    open();
    expect(await screen.findByText('900 bytes · 1 memory, 1 file · Made on November 20, 2026')).toBeTruthy();
    expect(liveRegion().textContent).toBe('');
    served = new Error('asked again');
    // One poll's time and a half: a ready archive is not polled, so nothing changes.
    await act(() => new Promise((resolve) => setTimeout(resolve, EVERYTHING_ARCHIVE_POLL_MS * 1.5)));
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('Make a new one starts another, and keeps the last ready one downloadable meanwhile', async () => {
    served = [ready()];
    const create = vi.spyOn(api.everythingArchives, 'create').mockImplementation(async () => {
      served = [archive({ id: 'a2', status: 'working', progress: 5, createdAt: '2026-11-26T09:00:00.000Z' }), ready()];
      return { id: 'a2', status: 'working' };
    });
    open();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: messages.everythingMakeAgain })));
    expect(create).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('progressbar', { name: messages.everythingProgressLabel })).toBeTruthy();
    expect(screen.getByText(messages.everythingKeptWhileMaking('November 20, 2026'))).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download your archive (1.2 GB, zip)' }).getAttribute('href')).toBe('/api/archives/a1/file');
  });

  it("shows a failed archive's words from the server, and Try again asks for a new one", async () => {
    served = [archive({ status: 'failed', error: messages.everythingArchiveFailed })];
    const create = vi.spyOn(api.everythingArchives, 'create').mockImplementation(async () => {
      served = [archive({ id: 'a2', status: 'queued' }), archive({ status: 'failed', error: messages.everythingArchiveFailed })];
      return { id: 'a2', status: 'queued' };
    });
    open();
    expect(await screen.findByText(messages.everythingArchiveFailed)).toBeTruthy();
    expect(screen.getByText(messages.everythingFailed)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: messages.tryAgain })));
    expect(create).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('progressbar', { name: messages.everythingProgressLabel })).toBeTruthy();
    expect(screen.queryByText(messages.everythingArchiveFailed)).toBeNull();
  });

  it('says in a toast, with the server’s words, when an archive could not be started', async () => {
    vi.spyOn(api.everythingArchives, 'create').mockRejectedValue(new ApiError(503, '{"message":"Server is shutting down"}', '503: Server is shutting down'));
    open();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: messages.everythingMake })));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(vi.mocked(toast.error).mock.calls[0]![0]).toMatch(new RegExp(`^${messages.everythingMakeFailed} `));
    expect(screen.getByText(messages.everythingNone)).toBeTruthy();
  });

  it('asks before deleting, keeps the archive on Cancel, and once deleted shows Make my archive with the focus on the heading', async () => {
    served = [ready()];
    const remove = vi.spyOn(api.everythingArchives, 'remove').mockImplementation(async () => {
      served = [];
      return undefined;
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: messages.everythingDeleteNamed }));
    const dialog = await screen.findByRole('dialog', { name: messages.everythingDeleteTitle });
    expect(within(dialog).getByText(messages.everythingDeleteDetail)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: messages.cancel }));
    expect(remove).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: messages.everythingDeleteNamed }));
    const again = await screen.findByRole('dialog', { name: messages.everythingDeleteTitle });
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: messages.everythingDelete })));
    expect(remove).toHaveBeenCalledWith('a1');
    expect(await screen.findByRole('button', { name: messages.everythingMake })).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(messages.everythingDeleted);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: messages.everythingTitle }));
  });

  it('says when the archives could not be read, and Try again asks again', async () => {
    served = new ApiError(500, '{"message":"Internal Server Error"}', '500: Internal Server Error');
    open();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(messages.everythingLoadFailed)).toBeTruthy();
    served = [];
    fireEvent.click(within(alert).getByRole('button', { name: messages.tryAgain }));
    expect(await screen.findByText(messages.everythingNone)).toBeTruthy();
  });
});

// @vitest-environment jsdom
// memories §2 "Bulk Download Memories dialog", §4, §5, §7, §8, §9: the dates (no future day,
// the start not after the end, said under the start), the preview (the active timeline's
// memories, else every memory in range), 'Download All' only once it holds a memory, then
// the months one at a time, 500 ms apart, a failed month skipped, and the toasts.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Memory } from '../../../../common/memories';
import { downloadFile } from '../../api/download';
import { api } from '../../api/endpoints';
import { ApiError } from '../../api/errors';
import type { Timeline } from '../../api/types';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { BulkDownloadDialog } from './BulkDownloadDialog';
import { messages } from '../../../../common/messages';

vi.mock('../../api/download', () => ({ downloadFile: vi.fn() }));
const activeTimeline = vi.hoisted(() => ({ current: null as Timeline | null }));
vi.mock('../timelines', () => ({ useActiveTimeline: () => ({ active: activeTimeline.current }) }));

const download = vi.mocked(downloadFile);

const at = (id: string, year: number, month: number, day: number) =>
  ({ id, title: `Memory ${id}`, createdAt: new Date(year, month - 1, day, 12).toISOString() }) as Memory;
const january = at('jan', 2024, 1, 10);
const march = [at('mar-1', 2024, 3, 2), at('mar-2', 2024, 3, 28)];
const april = at('apr', 2024, 4, 3);

/** Runs pending timers and lets React render what they changed. */
const flush = async (ms = 0) => {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
};

/** Opens a date picker, steps back `monthsBack` months from April 2024 and picks the day. */
async function pickDay(field: 'Start date' | 'End date', monthsBack: number, day: string) {
  fireEvent.click(screen.getByRole('button', { name: field }));
  await flush(300);
  for (let step = 0; step < monthsBack; step += 1) fireEvent.click(screen.getByRole('button', { name: messages.datesPreviousMonth, hidden: true }));
  fireEvent.click(screen.getByRole('button', { name: day, hidden: true }));
  await flush(300);
}

const downloadAll = () => screen.getByRole('button', { name: messages.bulkDownloadAll }) as HTMLButtonElement;
const monthUrl = (month: string) => api.archives.monthUrl({ month, ...rangeOf('2024-01-01', '2024-04-20') });
function rangeOf(start: string, end: string) {
  const [sy, sm, sd] = start.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  return { start: new Date(sy, sm - 1, sd).toISOString(), end: new Date(ey, em - 1, ed, 23, 59, 59, 999).toISOString() };
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <BulkDownloadDialog opened onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

/** January 1 to today (April 20, 2024), with the preview answering `memories`. */
async function chooseThisYear(memories: Memory[]) {
  const inRange = vi.spyOn(api.archives, 'memoriesInRange').mockResolvedValue(memories);
  renderDialog();
  await pickDay('Start date', 3, '1 January 2024');
  await pickDay('End date', 0, '20 April 2024');
  return inRange;
}

beforeEach(() => {
  installBrowserStandIns();
  vi.useFakeTimers({ now: new Date(2024, 3, 20, 12, 0) });
  activeTimeline.current = null;
  download.mockReset();
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // jsdom lays nothing out, so Mantine's focus trap finds no focusable day in a picker and says so.
  const warn = console.warn.bind(console);
  vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('use-focus-trap')) warn(...args);
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Bulk Download Memories dialog: dates and preview', () => {
  it('offers no day after today', async () => {
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: messages.bulkEndDate }));
    await flush(300);
    expect(screen.getByRole('button', { name: '20 April 2024', hidden: true }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('button', { name: '21 April 2024', hidden: true }).hasAttribute('disabled')).toBe(true);
  });

  it("says 'The start date cannot be after the end date' under the start, asks nothing and keeps Download All off", async () => {
    const inRange = vi.spyOn(api.archives, 'memoriesInRange').mockResolvedValue([january]);
    renderDialog();
    await pickDay('End date', 1, '5 March 2024');
    await pickDay('Start date', 1, '6 March 2024');
    const start = screen.getByRole('button', { name: messages.bulkStartDate });
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(start.getAttribute('aria-describedby')!.split(' ').find((id) => id.endsWith('error'))!)?.textContent).toBe(
      'The start date cannot be after the end date',
    );
    expect(inRange).not.toHaveBeenCalled();
    expect(downloadAll().disabled).toBe(true);

    await pickDay('Start date', 1, '1 March 2024');
    expect(screen.queryByText('The start date cannot be after the end date')).toBeNull();
    expect(inRange).toHaveBeenCalledWith(...Object.values(rangeOf('2024-03-01', '2024-03-05')));
  });

  it('keeps Download All off while there is no preview and when it is empty', async () => {
    renderDialog();
    expect(screen.getByText(messages.bulkChooseDates)).toBeTruthy();
    expect(downloadAll().disabled).toBe(true);
    cleanup();
    await chooseThisYear([]);
    expect(screen.getByText(messages.bulkPreviewEmpty)).toBeTruthy();
    expect(downloadAll().disabled).toBe(true);
  });

  it('previews every memory in the range, counted and listed under their months, and allows Download All', async () => {
    const inRange = await chooseThisYear([april, ...march, january]);
    expect(inRange).toHaveBeenCalledWith(...Object.values(rangeOf('2024-01-01', '2024-04-20')));
    expect(screen.getByText('4 memories in 3 months')).toBeTruthy();
    const preview = screen.getByRole('region', { name: messages.bulkPreviewLabel });
    expect([...preview.querySelectorAll('h3')].map((heading) => heading.textContent)).toEqual([
      'January 2024 · 1 memory',
      'March 2024 · 2 memories',
      'April 2024 · 1 memory',
    ]);
    expect(preview.textContent).toContain('Memory mar-2');
    expect(downloadAll().disabled).toBe(false);
  });

  it("previews the active timeline's memories, every page of them", async () => {
    activeTimeline.current = { id: 't1', name: 'Family' } as Timeline;
    const inRange = vi.spyOn(api.archives, 'memoriesInRange');
    const pages = vi
      .spyOn(api.timelines, 'memoryPage')
      .mockResolvedValueOnce({ memories: [april, march[1]!], nextCursor: 'c2' })
      .mockResolvedValueOnce({ memories: [march[0]!], nextCursor: null });
    renderDialog();
    expect(screen.getByText('Memories on Family, saved as one zip file for each month.')).toBeTruthy();
    await pickDay('Start date', 3, '1 January 2024');
    await pickDay('End date', 0, '20 April 2024');
    expect(pages.mock.calls.map(([timelineId, page]) => [timelineId, page.cursor])).toEqual([
      ['t1', null],
      ['t1', 'c2'],
    ]);
    expect(pages.mock.calls[0]![1]).toMatchObject(rangeOf('2024-01-01', '2024-04-20'));
    expect(inRange).not.toHaveBeenCalled();
    expect(screen.getByText('3 memories in 2 months')).toBeTruthy();
  });
});

describe('the Bulk Download Memories dialog: Download All', () => {
  it('downloads the months one at a time, oldest first, 500 ms apart, skipping one that fails', async () => {
    await chooseThisYear([april, ...march, january]);
    const answers: { resolve: () => void; reject: (error: Error) => void }[] = [];
    download.mockImplementation((_url, options) => {
      options?.onProgress?.(40);
      return new Promise((resolve, reject) => answers.push({ resolve: () => resolve({ fileName: 'x.zip', size: 1 }), reject }));
    });

    fireEvent.click(downloadAll());
    await flush();
    expect(download.mock.calls.map(([url]) => url)).toEqual([monthUrl('2024-01')]);
    expect(screen.getByText(/Month 1 of 3/).textContent).toBe('Month 1 of 3 · January 2024');
    expect(screen.getByRole('progressbar', { name: messages.bulkDownloadProgress }).getAttribute('aria-valuenow')).toBe('40');

    answers[0]!.resolve();
    await flush(499);
    expect(download).toHaveBeenCalledTimes(1);
    await flush(1);
    expect(download.mock.calls.map(([url]) => url)).toEqual([monthUrl('2024-01'), monthUrl('2024-03')]);
    expect(screen.getByText(/Month 2 of 3/)).toBeTruthy();

    answers[1]!.reject(new ApiError(404, '{"message":"There are no memories to download in this month"}', '404'));
    await flush(500);
    expect(download.mock.calls.map(([url]) => url)).toEqual([monthUrl('2024-01'), monthUrl('2024-03'), monthUrl('2024-04')]);
    answers[2]!.resolve();
    await flush();

    expect(toast.success).toHaveBeenCalledWith('Download Complete', 'Success! Check your local download folder to access your memories.');
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('These months could not be downloaded');
    expect(screen.getByRole('alert').textContent).toContain('March 2024');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("says 'Download Failed' / 'Unable to download memories. Please try again.' when no month came", async () => {
    await chooseThisYear([april, january]);
    download.mockRejectedValue(new TypeError('Failed to fetch'));
    fireEvent.click(downloadAll());
    await flush(500);
    await flush();
    expect(download).toHaveBeenCalledTimes(2);
    expect(toast.error).toHaveBeenCalledWith('Unable to download memories. Please try again.', 'Download Failed');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('stops at once on Stop, with no toast and no further month', async () => {
    await chooseThisYear([april, january]);
    download.mockImplementation(
      (_url, options) =>
        new Promise((_resolve, reject) => options?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
    );
    fireEvent.click(downloadAll());
    await flush();
    fireEvent.click(screen.getByRole('button', { name: messages.stop }));
    await flush(1_000);
    expect(download).toHaveBeenCalledTimes(1);
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(downloadAll().disabled).toBe(false);
  });
});

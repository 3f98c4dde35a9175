// @vitest-environment jsdom
// memories §2, §7, §8: Download in the detail dialog fetches the memory's zip with its
// progress on the button, then 'Download Complete'; a failure is 'Download failed' /
// 'Unable to download memory. Please try again.', with 'Failed to download memory' logged.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, type DownloadOptions } from '../../api/download';
import { api } from '../../api/endpoints';
import { ApiError } from '../../api/errors';
import { toast } from '../../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../../test/renderWithMantine';
import { MemoryDownloadButton } from './MemoryDownloadButton';
import { messages } from '../../../../common/messages';

vi.mock('../../api/download', () => ({ downloadFile: vi.fn() }));
const download = vi.mocked(downloadFile);

function renderButton() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderWithMantine(
    <QueryClientProvider client={client}>
      <MemoryDownloadButton memoryId="m 1" />
    </QueryClientProvider>,
  );
}

/** The download held open, so the test decides when its bytes come and how it ends. */
function holdDownload() {
  let options: DownloadOptions = {};
  let finish!: () => void;
  let fail!: (error: Error) => void;
  download.mockImplementation((_url, given) => {
    options = given ?? {};
    return new Promise((resolve, reject) => {
      finish = () => resolve({ fileName: 'memory.zip', size: 3 });
      fail = reject;
    });
  });
  return {
    progress: (percent: number | null) => act(() => options.onProgress?.(percent)),
    finish: () => act(async () => finish()),
    fail: (error: Error) => act(async () => fail(error)),
  };
}

beforeEach(() => {
  installBrowserStandIns();
  download.mockReset();
  vi.spyOn(toast, 'success').mockImplementation(() => undefined);
  vi.spyOn(toast, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the detail dialog's Download", () => {
  it("downloads the memory's zip, shows its progress on the button and says 'Download Complete'", async () => {
    const held = holdDownload();
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: messages.downloadMemory }));
    await act(async () => {});
    expect(download).toHaveBeenCalledTimes(1);
    expect(download.mock.calls[0]![0]).toBe(api.archives.memoryUrl('m 1'));
    // React Query tells the screen on its own tick.
    expect((await screen.findByRole('button', { name: 'Downloading…' })).getAttribute('aria-busy')).toBe('true');

    await held.progress(45);
    expect(screen.getByRole('button', { name: 'Downloading… 45%' })).toBeTruthy();
    // A second press while it runs starts nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Downloading… 45%' }));
    expect(download).toHaveBeenCalledTimes(1);

    await held.finish();
    expect(toast.success).toHaveBeenCalledWith('Download Complete');
    expect(await screen.findByRole('button', { name: messages.downloadMemory })).toBeTruthy();
  });

  it("says 'Download failed' / 'Unable to download memory. Please try again.' and logs 'Failed to download memory'", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const held = holdDownload();
    renderButton();
    fireEvent.click(screen.getByRole('button', { name: messages.downloadMemory }));
    await act(async () => {});
    const refusal = new ApiError(404, '{"message":"Memory not found"}', '404: Memory not found');
    await held.fail(refusal);
    expect(toast.error).toHaveBeenCalledWith('Unable to download memory. Please try again.', 'Download failed');
    expect(toast.success).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledWith('Failed to download memory', refusal);
    expect(await screen.findByRole('button', { name: messages.downloadMemory })).toBeTruthy();
  });
});

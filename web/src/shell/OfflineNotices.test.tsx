// @vitest-environment jsdom
// Issue 26: the offline line, and the new-version notice that never interrupts a recording.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../common/messages';
import { recordingStarted } from '../lib/offline/recording';
import { offerNewVersion } from '../lib/offline/updates';
import { installBrowserStandIns, renderWithMantine } from '../test/renderWithMantine';
import { OfflineLine, UpdateNotice } from './OfflineNotices';

beforeEach(() => installBrowserStandIns());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

describe('the offline line (issue 26 "Offline said plainly")', () => {
  it('says plainly, in a live region, that the screen shows what this device last saw, and goes when the connection returns', () => {
    renderWithMantine(<OfflineLine />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    goOnline(false);
    expect(region.textContent).toBe(messages.offlineLine);
    goOnline(true);
    expect(region.textContent).toBe('');
  });
});

describe('the new-version notice (issue 26 "Update")', () => {
  it('appears when a new version waits, and its button asks that version to take over', () => {
    renderWithMantine(<UpdateNotice />);
    expect(screen.queryByText(messages.updateReady)).toBeNull();
    const useNow = vi.fn();
    act(() => offerNewVersion(useNow));
    expect(screen.getByRole('status').textContent).toContain(messages.updateReady);
    fireEvent.click(screen.getByRole('button', { name: messages.updateUseNow }));
    expect(useNow).toHaveBeenCalledOnce();
  });

  it('is never shown while a recording is being made, and comes back once it stops', () => {
    renderWithMantine(<UpdateNotice />);
    act(() => offerNewVersion(() => {}));
    let stop = () => {};
    act(() => {
      stop = recordingStarted();
    });
    expect(screen.queryByRole('button', { name: messages.updateUseNow })).toBeNull();
    act(() => stop());
    expect(screen.getByRole('button', { name: messages.updateUseNow })).toBeTruthy();
  });
});

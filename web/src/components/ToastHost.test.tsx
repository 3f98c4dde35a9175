// @vitest-environment jsdom
// The toast host is mounted once the first screen is painted (issue 21 "First load"); a toast
// asked for before then is not lost: it shows when the host mounts (memories §9).
import { notifications } from '@mantine/notifications';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FirstPaintMark, holdUntilFirstPaint } from '../lib/firstPaint';
import { toast } from '../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../test/renderWithMantine';
import { ToastHost } from './ToastHost';

beforeEach(() => {
  installBrowserStandIns();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ToastHost', () => {
  it('shows a toast asked for before the first paint once that paint is done', async () => {
    holdUntilFirstPaint();
    renderWithMantine(
      <>
        <ToastHost />
        <FirstPaintMark />
      </>,
    );
    act(() => toast.error('Please give your memory a title', 'Missing title'));
    expect(screen.queryByText('Missing title')).toBeNull();
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull();

    // The frame after the first commit, then the task it queued once painted.
    await act(async () => vi.advanceTimersToNextFrame());
    await act(async () => vi.advanceTimersByTime(1));
    // The host's mount, then the toast's entrance.
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByText('Missing title')).toBeTruthy();
    expect(screen.getByText('Please give your memory a title').closest('[data-position="bottom-center"]')).not.toBeNull();
  });
});

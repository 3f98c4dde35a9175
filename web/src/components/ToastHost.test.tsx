// @vitest-environment jsdom
// The toast host is mounted with the first toast (issue 21 "First load"): that toast shows,
// at the bottom (memories §9), and the host stays for the next one.
import { notifications } from '@mantine/notifications';
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast';
import { installBrowserStandIns, renderWithMantine } from '../test/renderWithMantine';
import { ToastHost } from './ToastHost';

beforeEach(() => {
  installBrowserStandIns();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame'] });
});
afterEach(() => {
  cleanup();
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const host = () => document.querySelector('.mantine-Notifications-root');

describe('ToastHost', () => {
  it('mounts with the first toast, shows it at the bottom, and stays for the next', async () => {
    renderWithMantine(<ToastHost />);
    expect(host()).toBeNull();

    act(() => toast.error('Please give your memory a title', 'Missing title'));
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByText('Missing title')).toBeTruthy();
    expect(screen.getByText('Please give your memory a title').closest('[data-position="bottom-center"]')).not.toBeNull();

    act(() => notifications.clean());
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('Missing title')).toBeNull();
    expect(host()).not.toBeNull();

    act(() => toast.success('Profile updated'));
    await act(async () => vi.advanceTimersByTime(500));
    expect(screen.getByText('Profile updated')).toBeTruthy();
  });
});

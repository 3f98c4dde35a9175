// @vitest-environment jsdom
import { notificationsStore } from '@mantine/notifications';
import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS } from '../../../common/limits';
import { toast } from './toast';

describe('toasts (memories §9, issue 9)', () => {
  it('show one at a time: the newest replaces the older instead of queueing behind it', () => {
    toast.error('Please give your memory a title', 'Missing title');
    toast.error('Please provide the content of your memory before proceeding.', 'Content required');
    const { notifications, queue } = notificationsStore.getState();
    expect(notifications.map((shown) => shown.title)).toEqual(['Content required']);
    expect(queue).toEqual([]);
  });

  it('stay 5000 ms unless a rule says otherwise, with a named close button', () => {
    toast.success('Profile updated');
    const [shown] = notificationsStore.getState().notifications;
    expect(shown?.autoClose).toBe(TOAST_DURATION_MS);
    expect(shown?.closeButtonProps).toEqual({ 'aria-label': 'Close notification' });
    toast.info('Coming Soon', 'Soon', 3_000);
    expect(notificationsStore.getState().notifications[0]?.autoClose).toBe(3_000);
  });

  it('withdraw takes away only the toast of that id, shown or waiting', () => {
    toast.error('Please give your memory a title', 'Missing title', { id: 'missing-title' });
    toast.withdraw('content-required');
    expect(notificationsStore.getState().notifications.map((shown) => shown.title)).toEqual(['Missing title']);
    toast.withdraw('missing-title');
    expect(notificationsStore.getState().notifications).toEqual([]);
    expect(notificationsStore.getState().queue).toEqual([]);
  });
});

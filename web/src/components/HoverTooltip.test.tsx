// @vitest-environment jsdom
// Issue 21 "First load": the Refresh button's tooltip loads after home is drawn, and still opens
// as Mantine's does: on a mouse's hover (not a touch), closing when the mouse leaves.
import { ActionIcon } from '@mantine/core';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStandIns, renderWithMantine } from '../test/renderWithMantine';
import { HoverTooltip } from './HoverTooltip';

function RefreshButton() {
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <ActionIcon ref={button} aria-label="Refresh" />
      <HoverTooltip label="Refresh" target={button} />
    </>
  );
}

/** jsdom has no PointerEvent; a MouseEvent carrying pointerType stands in for it. */
function pointer(type: 'pointerenter' | 'pointerleave', pointerType: string) {
  const event = new MouseEvent(type, { bubbles: false });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  fireEvent(screen.getByRole('button', { name: 'Refresh' }), event);
}

/** jsdom lays nothing out, so floating-ui's hide middleware may call the target hidden and hide the tooltip with it. */
const tooltip = () => screen.getByRole('tooltip', { hidden: true });

beforeEach(installBrowserStandIns);
afterEach(cleanup);

describe('HoverTooltip', () => {
  it('renders nothing beside its target until a mouse comes', () => {
    renderWithMantine(<RefreshButton />);
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' }).nextSibling).toBeNull();
  });

  it("shows its label on a mouse's hover and hides it when the mouse leaves, the button staying the same element", async () => {
    renderWithMantine(<RefreshButton />);
    const button = screen.getByRole('button', { name: 'Refresh' });
    pointer('pointerenter', 'mouse');
    await waitFor(() => expect(tooltip().textContent).toBe('Refresh'));
    expect(screen.getByRole('button', { name: 'Refresh' })).toBe(button);
    pointer('pointerleave', 'mouse');
    await waitFor(() => expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull());
    pointer('pointerenter', 'mouse');
    await waitFor(() => expect(tooltip().textContent).toBe('Refresh'));
  });

  it('shows nothing on a touch, as Mantine does by default', async () => {
    renderWithMantine(<RefreshButton />);
    pointer('pointerenter', 'touch');
    // Had the touch asked for the tooltip, it would be drawn once its module is in and React is done.
    await import('./FloatingTooltip');
    await act(async () => {});
    expect(screen.queryByRole('tooltip', { hidden: true })).toBeNull();
  });

  it('fetches its code while idle on a device that can hover, and not ahead on one that cannot (a phone)', () => {
    const idleWork = vi.fn((_work: IdleRequestCallback) => 1);
    vi.stubGlobal('requestIdleCallback', idleWork);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    // renderWithMantine's matchMedia matches nothing: a phone, whose pointers cannot hover.
    const phone = renderWithMantine(<RefreshButton />);
    expect(idleWork).not.toHaveBeenCalled();
    phone.unmount();
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(any-hover: hover)', media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    renderWithMantine(<RefreshButton />);
    expect(idleWork).toHaveBeenCalledTimes(1);
  });
});

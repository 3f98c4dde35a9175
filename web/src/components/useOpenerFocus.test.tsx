// @vitest-environment jsdom
// Issue 9: a dialog that mounts already open (loaded on first use, or shown only while open)
// gives focus back to the control that opened it when it closes; Mantine alone does not.
import { Button, Modal } from '@mantine/core';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowserStandIns, renderWithMantine } from '../test/renderWithMantine';
import { useOpenerFocus } from './useOpenerFocus';

function MountedWhileOpen({ withHook, fallback = false }: { withHook: boolean; fallback?: boolean }) {
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  const menu = useRef<HTMLButtonElement>(null);
  const { remember, restore } = useOpenerFocus(fallback ? menu : undefined);
  return (
    <>
      <Button ref={menu}>Menu</Button>
      {openerShown && (
        <Button
          onClick={() => {
            if (withHook) remember();
            setOpen(true);
          }}
        >
          Open
        </Button>
      )}
      {open && (
        <Modal
          opened
          title="Mounted open"
          transitionProps={{ duration: 0 }}
          onClose={() => {
            setOpen(false);
            if (withHook) restore();
          }}
        >
          <Button onClick={() => setOpenerShown(false)}>Remove the opener</Button>
        </Modal>
      )}
    </>
  );
}

async function openByKeyboard() {
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  await screen.findByRole('dialog', { name: 'Mounted open' });
  // Mantine's focus trap moves focus into the dialog.
  await act(() => vi.advanceTimersByTimeAsync(50));
  return opener;
}

async function closeByEscape() {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
  await act(() => vi.advanceTimersByTimeAsync(100));
  expect(screen.queryByRole('dialog', { name: 'Mounted open' })).toBeNull();
}

beforeEach(() => {
  installBrowserStandIns();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('useOpenerFocus', () => {
  it('without it, focus is lost to the page when a dialog mounted open closes (why it exists)', async () => {
    renderWithMantine(<MountedWhileOpen withHook={false} />);
    const opener = await openByKeyboard();
    expect(document.activeElement).not.toBe(opener);
    await closeByEscape();
    expect(document.activeElement).toBe(document.body);
  });

  it('gives focus back to the opener, every time', async () => {
    renderWithMantine(<MountedWhileOpen withHook />);
    for (let round = 0; round < 2; round += 1) {
      const opener = await openByKeyboard();
      expect(document.activeElement).not.toBe(opener);
      await closeByEscape();
      expect(document.activeElement).toBe(opener);
    }
  });

  it('gives it to the fallback when the opener is gone', async () => {
    renderWithMantine(<MountedWhileOpen withHook fallback />);
    await openByKeyboard();
    fireEvent.click(screen.getByRole('button', { name: 'Remove the opener' }));
    await closeByEscape();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
  });
});

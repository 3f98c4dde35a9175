// Issue 9: closing a dialog gives focus back to the control that opened it. Mantine's Modal
// and Drawer do this only when they were already mounted as they opened; dialogs that load on
// first open (issue 8 "First load") or mount only while open (the shell's dialogs, memory
// detail, image viewer, share and delete) lost focus to the page's top on close. Whoever
// opens such a dialog remembers the opener here.
import { useCallback, useRef, type RefObject } from 'react';
import { focusIsLost } from './useFocusOnSwap';

/** How long Mantine waits before it returns focus (use-focus-return); we act just after. */
const AFTER_MANTINE_MS = 20;

/** Safari before 17.4 (iPhones not updated since 2023) has no checkVisibility: there the opener counts as shown. */
const isShown = (element: HTMLElement) => typeof element.checkVisibility !== 'function' || element.checkVisibility();

const NO_FALLBACK: RefObject<HTMLElement | null> = { current: null };

/** `fallback` takes focus when the opener is gone (a side menu entry in a closed drawer). */
export function useOpenerFocus(fallback: RefObject<HTMLElement | null> = NO_FALLBACK) {
  const opener = useRef<HTMLElement | null>(null);

  /** Call as the dialog opens: the focused control is its opener. */
  const remember = useCallback((instead?: HTMLElement | null) => {
    const active = document.activeElement;
    opener.current = instead ?? (active instanceof HTMLElement && active !== document.body ? active : null);
  }, []);

  /** Call as the dialog closes; `stillNeeded` says no other dialog has taken over since. */
  const restore = useCallback(
    (stillNeeded: () => boolean = () => true) => {
      const target = opener.current;
      opener.current = null;
      const closing = document.activeElement?.closest('[role=dialog]') ?? null;
      window.setTimeout(() => {
        // Only focus that is lost (on the page's top, or still in the closing dialog) comes
        // back: a dialog opened in the meantime (a notification opening its memory) keeps it.
        const lost = focusIsLost() || (closing !== null && closing.contains(document.activeElement));
        if (!lost || !stillNeeded()) return;
        // An opener inside a closed drawer (a side menu entry) is gone: the menu button stands in.
        const element = target?.isConnected && isShown(target) ? target : fallback.current;
        element?.focus({ preventScroll: true });
      }, AFTER_MANTINE_MS);
    },
    [fallback],
  );

  return { remember, restore };
}

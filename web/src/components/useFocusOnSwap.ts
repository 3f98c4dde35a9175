// Issue 9 "Every step by keyboard": a control that swaps its own view for another (Tap to
// reveal for the memory, Edit for the form, Close for the list's toggle) leaves the page the
// moment it acts, and focus falls to the page's top: the next Tab starts over from the header,
// and in a dialog Escape no longer reaches it. Whoever swaps names the element of the new view
// that takes focus. It moves only when focus was lost, so a control that took it meanwhile
// (another dialog, a field the person tapped) keeps it.
import { useEffect, useRef } from 'react';

/** Whether focus is nowhere: on the page's top, or on an element no longer in the page. */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Each time `view` changes after the first render, focuses what `target` answers if focus was lost. */
export function useFocusOnSwap(view: unknown, target: () => HTMLElement | null | undefined): void {
  const shown = useRef(view);
  useEffect(() => {
    if (Object.is(shown.current, view)) return;
    shown.current = view;
    if (focusIsLost()) target()?.focus();
  });
}

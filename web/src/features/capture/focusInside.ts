// Issue 9 "Dialogs keep focus inside": Mantine's focus trap only moves Tab along while focus is
// already inside the dialog. When the focused control disappears (the recorder closing, a step
// changing) focus falls to <body>, and the next Tab walked into the page behind. These bring it
// back: the wizard focuses a control of its own after each change, and a Tab from nowhere lands
// on the wizard's first (or, with Shift, last) control.
import { useEffect, type RefObject } from 'react';

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), audio[controls], video[controls], [tabindex]:not([tabindex="-1"])';

function dialogOf(anchor: HTMLElement | null): HTMLElement | null {
  return anchor?.closest<HTMLElement>('[role="dialog"]') ?? null;
}

function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => !element.closest('[hidden], [aria-hidden="true"]') && element.getClientRects().length > 0);
}

/** Focuses `preferred` when it is still on the page, else `[data-autofocus]` or the first control inside `anchor`'s area. */
export function focusWithin(anchor: HTMLElement | null, preferred?: HTMLElement | null): void {
  if (preferred?.isConnected && !preferred.hasAttribute('disabled')) {
    preferred.focus();
    return;
  }
  if (!anchor) return;
  const autofocus = anchor.querySelector<HTMLElement>('[data-autofocus]:not([disabled])');
  // Some controls refuse focus (an audio player in some browsers): the next one takes it.
  for (const candidate of [autofocus, ...tabbables(anchor), dialogOf(anchor)]) {
    if (!candidate) continue;
    candidate.focus();
    if (document.activeElement === candidate) return;
  }
}

/** While `active`, a Tab pressed with focus on nothing (or outside every dialog) goes into `anchor`'s dialog. */
export function useTabReturnsInside(anchor: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const focused = document.activeElement as HTMLElement | null;
      if (focused && focused !== document.body && focused.closest('[role="dialog"], [role="alertdialog"]')) return;
      const dialog = dialogOf(anchor.current);
      if (!dialog) return;
      const controls = tabbables(dialog);
      const target = event.shiftKey ? controls.at(-1) : controls[0];
      if (!target) return;
      event.preventDefault();
      target.focus();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [anchor, active]);
}

// Every open Mantine modal hears Escape (it listens on the window), so with a memory opened
// from a dialog's list both would close. A dialog that others open above keeps itself open
// while one is there: Escape closes only the top one (issue 9).

/** True when a modal dialog opened after the one `own` holds is still on the page, above it. */
export function modalAbove(own: HTMLElement | null): boolean {
  if (!own) return false;
  return [...document.querySelectorAll('[role=dialog][aria-modal=true]')].some(
    (dialog) => !own.contains(dialog) && Boolean(own.compareDocumentPosition(dialog) & Node.DOCUMENT_POSITION_FOLLOWING),
  );
}

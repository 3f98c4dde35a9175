// The bottom navigation's entries, marked so what points at one (home's onboarding tooltips)
// finds it without knowing how the navigation draws it.
export type NavEntryName = 'capture' | 'timeline';

/** The attribute BottomNav puts on each entry. */
export const navEntryAttribute = (name: NavEntryName) => ({ 'data-nav-entry': name });

/** The entry on the page, if the navigation is drawn. */
export function navEntry(name: NavEntryName): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-nav-entry="${name}"]`);
}

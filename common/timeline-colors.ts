// accounts §3: the timeline colour palette, and the defaults of §9.
export const timelinePalette = [
  { name: 'Purple', value: '#8b5cf6' },
  { name: 'Blue', value: '#3b82f6' },
  { name: 'Green', value: '#10b981' },
  { name: 'Yellow', value: '#f59e0b' },
  { name: 'Red', value: '#ef4444' },
  { name: 'Pink', value: '#ec4899' },
  { name: 'Indigo', value: '#6366f1' },
  { name: 'Orange', value: '#f97316' },
] as const;

/** accounts §3, §9: a new timeline is blue unless a colour is chosen. */
export const NEW_TIMELINE_COLOR = '#3b82f6';
/** A first timeline: colour #3b82f6, icon Home, default (accounts §3). */
export const FIRST_TIMELINE = { color: NEW_TIMELINE_COLOR, icon: 'Home', isDefault: true } as const;
/** Colour shown for a timeline without one: lists and the chooser, and the invite page (§9). */
export const LIST_DEFAULT_COLOR = '#6366f1';
export const INVITE_PAGE_DEFAULT_COLOR = '#8B5CF6';

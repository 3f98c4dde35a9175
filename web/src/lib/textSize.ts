// The per-device text size (issue 9 "Easy to see and to press"; DESIGN "Text size"). It sets
// the root font size, and every Mantine size is in rem, so text, controls and spacing grow
// together: a bigger word never sits in a button too small for it.
import { useSyncExternalStore } from 'react';

/** Kept beside the colour scheme (THEME_STORAGE_KEY), on this device only. */
export const TEXT_SIZE_STORAGE_KEY = 'family-memories-text-size';

export const textSizes = ['normal', 'large', 'extra-large'] as const;
export type TextSize = (typeof textSizes)[number];

/** A share of the browser's own default, so a reader who already enlarged it keeps that gain. */
const rootFontSize: Record<TextSize, string> = {
  normal: '100%',
  large: '115%',
  'extra-large': '130%',
};

function isTextSize(value: unknown): value is TextSize {
  return typeof value === 'string' && (textSizes as readonly string[]).includes(value);
}

export function readTextSize(): TextSize {
  try {
    const stored = localStorage.getItem(TEXT_SIZE_STORAGE_KEY);
    return isTextSize(stored) ? stored : 'normal';
  } catch {
    // Storage refused (private mode, blocked cookies): the normal size still works.
    return 'normal';
  }
}

/** Sets the size on the page; main.tsx calls it before the first render, so nothing jumps. */
export function applyTextSize(size: TextSize) {
  document.documentElement.style.fontSize = rootFontSize[size];
  document.documentElement.dataset.textSize = size;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same device changed it: follow, as the colour scheme does.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== TEXT_SIZE_STORAGE_KEY) return;
    applyTextSize(readTextSize());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function currentSize(): TextSize {
  const applied = document.documentElement.dataset.textSize;
  return isTextSize(applied) ? applied : 'normal';
}

export function setTextSize(size: TextSize) {
  try {
    localStorage.setItem(TEXT_SIZE_STORAGE_KEY, size);
  } catch {
    // Not remembered, but still applied for this visit.
  }
  applyTextSize(size);
  listeners.forEach((listener) => listener());
}

export function useTextSize(): [TextSize, (size: TextSize) => void] {
  const size = useSyncExternalStore(subscribe, currentSize, () => 'normal' as TextSize);
  return [size, setTextSize];
}

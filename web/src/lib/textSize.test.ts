// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { applyTextSize, readTextSize, setTextSize, TEXT_SIZE_STORAGE_KEY } from './textSize';

describe('the per-device text size (issue 9)', () => {
  afterEach(() => {
    localStorage.clear();
    applyTextSize('normal');
  });

  it('is Normal on a device that never chose, or that holds something unknown', () => {
    expect(readTextSize()).toBe('normal');
    localStorage.setItem(TEXT_SIZE_STORAGE_KEY, 'gigantic');
    expect(readTextSize()).toBe('normal');
  });

  it('scales the root font size, so every rem-sized text and control grows, and is remembered', () => {
    setTextSize('extra-large');
    expect(document.documentElement.style.fontSize).toBe('130%');
    expect(localStorage.getItem(TEXT_SIZE_STORAGE_KEY)).toBe('extra-large');
    expect(readTextSize()).toBe('extra-large');
    setTextSize('large');
    expect(document.documentElement.style.fontSize).toBe('115%');
    setTextSize('normal');
    expect(document.documentElement.style.fontSize).toBe('100%');
  });
});

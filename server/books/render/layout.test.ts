// The size a photo prints at: as large as its box allows, never under 200 dpi, never upscaled.
import { describe, expect, it } from 'vitest';
import { PHOTO_MAX_HEIGHT_PT, printSize, TEXT_WIDTH_PT } from './layout.js';

const box = { widthPt: TEXT_WIDTH_PT, heightPt: PHOTO_MAX_HEIGHT_PT };

describe('printSize', () => {
  it('prints a large landscape photo across the text, scaled to 300 dpi', () => {
    const size = printSize(4000, 3000, box);
    expect(size.widthPt).toBeCloseTo(TEXT_WIDTH_PT);
    expect(size.widthPx).toBe(Math.round((TEXT_WIDTH_PT / 72) * 300));
    expect(size.heightPx).toBe(Math.round((size.widthPx * 3) / 4));
  });

  it('keeps a tall photo within the height a photo may take', () => {
    const size = printSize(1500, 4000, box);
    expect(size.heightPt).toBeCloseTo(PHOTO_MAX_HEIGHT_PT);
    expect(size.widthPt).toBeLessThan(TEXT_WIDTH_PT);
  });

  it('prints a photo too small for the width at 200 dpi, smaller, with its own pixels', () => {
    const size = printSize(400, 300, box);
    expect(size.widthPt).toBeCloseTo((400 / 200) * 72);
    expect([size.widthPx, size.heightPx]).toEqual([400, 300]);
  });

  it('never upscales: a photo between 200 and 300 dpi at full width keeps its pixels', () => {
    const size = printSize(1000, 750, box);
    expect(size.widthPt).toBeCloseTo(TEXT_WIDTH_PT);
    expect([size.widthPx, size.heightPx]).toEqual([1000, 750]);
  });
});

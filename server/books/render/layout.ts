// The printed page's geometry, shared by the photo scaler (which sizes each photo to the
// width it prints at) and the Typst template (which is handed these numbers, so the two agree).
// All lengths in PostScript points (72 to the inch).

const inch = 72;

/** issue 24: 6 × 9 inches, the common trade size for memoirs. */
export const PAGE_WIDTH_PT = 6 * inch;
export const PAGE_HEIGHT_PT = 9 * inch;

/**
 * Print margins, bleed-free: nothing comes nearer the trim than 0.5 in (printers ask for at
 * least 0.25 in of safety), and the inside margin is wider so no word runs into the binding.
 */
export const MARGIN_INSIDE_PT = 0.875 * inch;
export const MARGIN_OUTSIDE_PT = 0.625 * inch;
export const MARGIN_TOP_PT = 0.8 * inch;
export const MARGIN_BOTTOM_PT = 0.85 * inch;

export const TEXT_WIDTH_PT = PAGE_WIDTH_PT - MARGIN_INSIDE_PT - MARGIN_OUTSIDE_PT;
export const TEXT_HEIGHT_PT = PAGE_HEIGHT_PT - MARGIN_TOP_PT - MARGIN_BOTTOM_PT;

/** A photo is never taller than this, so a portrait leaves room for the words around it. */
export const PHOTO_MAX_HEIGHT_PT = 0.6 * TEXT_HEIGHT_PT;
/** The cover's frame: its margins are even (the mean of inside and outside), its photo inset within. */
export const COVER_INSET_PT = 18;
const COVER_FRAME_PT = 3 + 0.8 + 0.3;
export const COVER_PHOTO_MAX_WIDTH_PT = PAGE_WIDTH_PT - MARGIN_INSIDE_PT - MARGIN_OUTSIDE_PT - 2 * (COVER_INSET_PT + COVER_FRAME_PT);
export const COVER_PHOTO_MAX_HEIGHT_PT = 0.5 * TEXT_HEIGHT_PT;

/** Pixels per inch a photo is scaled to for print: what offset and laser printers resolve. */
export const PRINT_DPI = 300;
/** Below this a photo prints visibly soft, so it is printed smaller rather than stretched. */
export const SHARP_MIN_DPI = 200;

export interface PrintSize {
  /** The printed size, in points. */
  widthPt: number;
  heightPt: number;
  /** The pixels it is scaled to: PRINT_DPI at that size, never more than it has. */
  widthPx: number;
  heightPx: number;
}

/**
 * The size a photo of `width` × `height` pixels (upright) prints at inside a box: as large as
 * the box allows, but never so large that it falls under SHARP_MIN_DPI, and its pixels never
 * upscaled.
 */
export function printSize(width: number, height: number, box: { widthPt: number; heightPt: number }): PrintSize {
  const fit = Math.min(box.widthPt / width, box.heightPt / height);
  const sharpest = inch / SHARP_MIN_DPI;
  const pointsPerPixel = Math.min(fit, sharpest);
  const widthPt = width * pointsPerPixel;
  const heightPt = height * pointsPerPixel;
  const scale = Math.min(1, (widthPt / inch) * PRINT_DPI / width);
  return {
    widthPt,
    heightPt,
    widthPx: Math.max(1, Math.round(width * scale)),
    heightPx: Math.max(1, Math.round(height * scale)),
  };
}

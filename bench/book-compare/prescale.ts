// The photos scaled to the size they print at, one at a time (a 4.5-inch text width at
// 300 dpi: 1350 px wide), as the product's renderer does before Typst sees them.
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { renderArgs, report } from './run.js';

/** 4.5 in × 300 dpi. */
export const PRINT_WIDTH_PX = 1350;

const { photos, out } = renderArgs();
sharp.cache(false);
sharp.concurrency(1);
mkdirSync(out, { recursive: true });
for (const name of readdirSync(photos).sort()) {
  await sharp(join(photos, name)).resize({ width: PRINT_WIDTH_PX, withoutEnlargement: true }).jpeg({ quality: 85 }).toFile(join(out, name));
}
report(null);

// A photo scaled to print, in the renderer's child: decoded by libvips from the file the parent
// streamed it to (shrink-on-load, read in strips) and written as a JPEG at PRINT_DPI for the
// size it prints. Here rather than in the server, because libvips' and the allocator's memory
// after 150 photos stayed with the process that decoded them (131 MB measured in the server);
// a child gives it back when it exits.
import { basename } from 'node:path';
import { decodeFile, imageTurn, turnsFor } from '../../media/sharp.js';
import { printSize } from './layout.js';
import type { PrintPhoto, ScaleTask } from './protocol.js';

const JPEG_QUALITY = 88;

/** The printed photo, or null when libvips cannot read the bytes (damaged, or a type it has no decoder for). */
export async function scalePhoto({ original, output, box }: ScaleTask): Promise<PrintPhoto | null> {
  try {
    // The header only: cheap, and it says how many decode turns the scaling takes.
    const metadata = await decodeFile(original).metadata();
    // EXIF orientations 5–8 turn the picture a quarter: its upright width is its height.
    const quarterTurned = (metadata.orientation ?? 1) >= 5;
    const width = quarterTurned ? metadata.height : metadata.width;
    const height = quarterTurned ? metadata.width : metadata.height;
    if (!width || !height) return null;
    const size = printSize(width, height, box);
    // Turning a photo upright holds its whole picture, so a large turned one takes every turn.
    await imageTurn(
      () =>
        decodeFile(original)
          .resize(size.widthPx, size.heightPx, { fit: 'fill', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .toColorspace('srgb')
          .jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' })
          .toFile(output),
      turnsFor((metadata.orientation ?? 1) > 1, metadata),
    );
    return { path: `/${basename(output)}`, widthPt: size.widthPt, heightPt: size.heightPt };
  } catch (error) {
    // A system error (a full disk: it has a code) fails the book, to be tried again; bytes
    // libvips cannot read cost the photo only.
    if (error instanceof Error && !('code' in error)) return null;
    throw error;
  }
}

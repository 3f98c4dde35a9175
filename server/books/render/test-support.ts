// Books for the renderer's tests: a media store over a temporary folder holding made-up photos,
// memories with sensible defaults, and the PDF read back with poppler's and zbar's tools.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import sharp from '../../media/sharp.js';
import { newMediaKey } from '../../providers/storage/index.js';
import { LocalMediaStore } from '../../providers/storage/local.js';
import type { BookDocument, BookMemory, BookPhoto } from '../document.js';

const run = promisify(execFile);

export async function tempMediaStore(): Promise<{ root: string; media: LocalMediaStore }> {
  const root = await mkdtemp(join(tmpdir(), 'heirloom-book-media-'));
  return { root, media: new LocalMediaStore(root) };
}

/** A JPEG of `width` × `height` with a soft gradient and some grain, stored under a fresh key. */
export async function storePhoto(media: LocalMediaStore, width: number, height: number, hue = '#6a8caf'): Promise<BookPhoto> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: hue, noise: { type: 'gaussian', mean: 120, sigma: 18 } } })
    .composite([{ input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hue}" stop-opacity="0.9"/><stop offset="1" stop-color="#f3e3c3" stop-opacity="0.6"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`) }])
    .jpeg({ quality: 80 })
    .toBuffer();
  const storageKey = newMediaKey('images', 'jpg');
  await media.put(storageKey, Readable.from([bytes]), { contentType: 'image/jpeg' });
  return { storageKey, mimeType: 'image/jpeg', width, height };
}

let made = 0;
export function memory(fields: Partial<BookMemory> & { day: string }): BookMemory {
  made += 1;
  return {
    id: `memory-${made}`,
    title: `Memory ${made}`,
    createdAt: `${fields.day}T15:00:00.000Z`,
    storyteller: 'Rose Alvarez',
    photos: [],
    transcription: '',
    notes: '',
    followUps: [],
    comments: [],
    tags: [],
    listenUrl: null,
    ...fields,
  };
}

export function bookDocument(fields: Partial<BookDocument> = {}): BookDocument {
  return { title: 'Our Year of Stories', familyName: 'The Alvarez family', start: '2024-01-01', end: '2024-12-31', tz: 'UTC', cover: null, memories: [], ...fields };
}

export const prose = (sentences: number, seed = 'We walked to the river every Sunday, and Grandpa told us the names of the birds.') =>
  Array.from({ length: sentences }, () => seed).join(' ');

/** pdfinfo's fields, by name. */
export async function pdfInfo(file: string): Promise<Record<string, string>> {
  const { stdout } = await run('pdfinfo', [file]);
  return Object.fromEntries(stdout.split('\n').filter((line) => line.includes(':')).map((line) => [line.slice(0, line.indexOf(':')).trim(), line.slice(line.indexOf(':') + 1).trim()]));
}

/** Every font pdffonts lists: its name without the subset's prefix, and whether it is embedded. */
export async function pdfFonts(file: string): Promise<Array<{ name: string; embedded: boolean }>> {
  const { stdout } = await run('pdffonts', [file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const columns = line.trim().split(/\s+/);
      // name, type (one or two words), encoding, emb, sub, uni, object, generation
      return { name: columns[0]!.replace(/^[A-Z]{6}\+/, ''), embedded: columns.at(-5) === 'yes' };
    });
}

/** The text of each page, with the direction marks pdftotext puts around right-to-left runs taken out. */
export async function pdfPages(file: string): Promise<string[]> {
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.replace(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/g, '').split('\f').slice(0, -1);
}

/** pdfimages -list: each image's page, pixels and printed resolution. */
export async function pdfImages(file: string): Promise<Array<{ page: number; width: number; height: number; xppi: number }>> {
  const { stdout } = await run('pdfimages', ['-list', file]);
  return stdout
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const c = line.trim().split(/\s+/);
      return { page: Number(c[0]), width: Number(c[3]), height: Number(c[4]), xppi: Number(c[12]) };
    });
}

/** The QR codes on each page (rasterised at 150 dpi: a 2.4 cm code's modules are 4 px; read by zbarimg): page number → decoded texts. */
export async function pdfCodes(file: string, workDir: string): Promise<Map<number, string[]>> {
  const prefix = join(workDir, 'codes');
  await run('pdftoppm', ['-r', '150', '-gray', '-png', file, prefix]);
  const codes = new Map<number, string[]>();
  for (const png of (await readdir(workDir)).filter((name) => name.startsWith('codes-')).sort()) {
    const page = Number(/-(\d+)\.png$/.exec(png)![1]);
    const found = await run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', join(workDir, png)]).then(
      ({ stdout }) => stdout.split('\n').filter(Boolean),
      () => [] as string[], // zbarimg exits 4 when a page has no code
    );
    codes.set(page, found);
  }
  return codes;
}

/** The PDF's bookmarks, read back with pdf-lib: each title and the page (1-based) it opens. */
export async function pdfOutline(file: string): Promise<Array<{ title: string; page: number }>> {
  const { PDFDocument, PDFName, PDFDict, PDFArray, PDFRef, PDFHexString, PDFString } = await import('pdf-lib');
  const book = await PDFDocument.load(await readFile(file));
  const pageRefs = book.getPages().map((page) => page.ref.toString());
  const root = book.catalog.lookupMaybe(PDFName.of('Outlines'), PDFDict);
  const entries: Array<{ title: string; page: number }> = [];
  let ref = root?.get(PDFName.of('First'));
  while (ref instanceof PDFRef) {
    const item = book.context.lookup(ref, PDFDict);
    const title = item.lookup(PDFName.of('Title'));
    const dest = item.lookup(PDFName.of('Dest'), PDFArray);
    entries.push({
      title: title instanceof PDFHexString || title instanceof PDFString ? title.decodeText() : '',
      page: pageRefs.indexOf(dest.get(0).toString()) + 1,
    });
    ref = item.get(PDFName.of('Next'));
  }
  return entries;
}

/** Where pdftotext finds each word on each page (points from the top left). */
export async function pdfWordBoxes(file: string): Promise<Array<Array<{ xMin: number; yMin: number; xMax: number; yMax: number }>>> {
  const { stdout } = await run('pdftotext', ['-bbox', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/g)].map((m) => ({
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
      })),
    );
}

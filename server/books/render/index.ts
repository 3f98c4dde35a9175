// The family book's renderer (issue 24; DESIGN "The family book (PDF)"): a BookDocument in, a
// print-ready 6 × 9 inch PDF out. It knows nothing of the database or of access: the books
// service hands it only what the requester may view.
//
// Why Typst (@myriaddreamin/typst-ts-node-compiler, prebuilt, no system package): measured here
// (STACK-NOTES "PDF", bench/README.md), it shapes Arabic and Hebrew right to left and CJK
// correctly, sets justified, hyphenated prose with real typographic rules (sticky headings, so
// a title never sits alone at a page's foot), and runs in-process from a prebuilt addon. pdfkit
// reverses right-to-left text; Chromium's print takes 5–36 s and hundreds of MB.
//
// Each memory opens a fresh page: a story is a chapter, its title never at a page's foot, and
// parts join at page breaks without a seam.
//
// Why a child process: Typst keeps every decoded photo in memory for a whole compile, and the
// compile blocks its thread. So the book is compiled in parts (parts.ts: a bounded number of
// photo pixels each) in a child (child.ts), replaced once it has grown, and joined there by
// pdf-lib; the server's event loop and its memory never carry it. Measured here from the build
// on the target (200 memories of 800 words, 150 photos of 2000 × 1500): 608 pages,
// 19 MB, 15–39 s (the machine shared), the server and its children at most 198 MB above where
// they began (the server itself 36 MB).
//
// Why pre-scaled photos: a 2000 × 1500 original decodes to 12 MB, but prints at 4.5 inches,
// where 300 dpi needs 1350 px. Each photo is streamed from the media store one at a time
// (photos.ts) and scaled in the child (scale.ts, through sharp's decode turns) to exactly the
// pixels it prints with: libvips' memory after 150 photos stayed with whichever process decoded
// them (131 MB in the server, measured from dist), so the child, which gives it back, does it.
// A photo too small to print sharply at full width is printed smaller, never stretched.
//
// Fonts (fonts.ts), all SIL Open Font License 1.1, from npm: Literata (TypeTogether; made for
// long reading) for Latin, Greek and Cyrillic; Noto Serif Hebrew, Noto Naskh Arabic, Noto
// Serif SC (Chinese, Japanese) and Nanum Myeongjo (Korean). Every one is embedded, subset.
import { rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { messages } from '../../../common/messages.js';
import type { MediaStore } from '../../providers/storage/index.js';
import type { BookDocument } from '../document.js';
import { COVER_PHOTO_MAX_HEIGHT_PT, COVER_PHOTO_MAX_WIDTH_PT, PHOTO_MAX_HEIGHT_PT, TEXT_WIDTH_PT } from './layout.js';
import { listenCodeSvg } from './listen-code.js';
import { contentsOf, templateBook, templateMemory, type CompileInput, type TemplateBook, type TemplateMemory } from './model.js';
import { planParts } from './parts.js';
import { preparePhoto, type PrintPhoto } from './photos.js';
import { RenderChildren } from './run-child.js';

export interface RenderOptions {
  /** Photos are streamed from here, one at a time. */
  media: MediaStore;
  /** An empty folder of this render's own; the caller removes it. */
  workDir: string;
  /** 0..1, called often enough to show progress. */
  onProgress: (fraction: number) => void | Promise<void>;
  /** The book was deleted or the server is stopping: stop soon, throw. */
  signal?: AbortSignal;
}

export interface RenderedBook {
  /** Inside workDir. */
  pdfPath: string;
  pages: number;
}

export { bookFontNames } from './fonts.js';

/** The contents open on the third page, after the cover and its verso (template.ts). */
const CONTENTS_PAGE = 3;

/** The share of the progress bar the photos take; the compiles take the rest. */
const PHOTOS_SHARE = 0.6;

/**
 * Books are made one at a time in this process, whatever runs the jobs: the memory bound
 * (one child's part, one photo scaling) and the cores left for requests hold for a server,
 * not for each book. A book waiting its turn can still be stopped.
 */
let lastRender: Promise<unknown> = Promise.resolve();

export async function renderBook(doc: BookDocument, options: RenderOptions): Promise<RenderedBook> {
  options.signal?.throwIfAborted();
  const before = lastRender;
  const mine = (async () => {
    await waitFor(before, options.signal);
    return renderAlone(doc, options);
  })();
  // The turn passes on once this book and every one before it have settled (one stopped while
  // waiting must not let the next start beside the one still running).
  lastRender = Promise.allSettled([before, mine]);
  return mine;
}

/** Resolves when `turn` settles, or rejects with the signal's reason as soon as it aborts. */
function waitFor(turn: Promise<unknown>, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal!.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    void turn.then(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}

async function renderAlone(doc: BookDocument, options: RenderOptions): Promise<RenderedBook> {
  const { onProgress, signal } = options;
  signal?.throwIfAborted();
  await onProgress(0);
  const children = new RenderChildren(signal);
  try {
    const { cover, memories } = await prepareMemories(doc, children, options);
    // Typst starts in a child of its own, without the memory libvips kept.
    await children.close();
    return await compileBook(doc, templateBook(doc, cover, new Date()), memories, children, options);
  } finally {
    // Stopped or failed, the book is over only once its child is gone.
    await children.close();
  }
}

async function compileBook(doc: BookDocument, book: TemplateBook, memories: TemplateMemory[], children: RenderChildren, { workDir, onProgress }: RenderOptions): Promise<RenderedBook> {
  const parts = planParts(memories);
  const steps = parts.length + 3;
  let stepsDone = 0;
  const step = async () => onProgress(PHOTOS_SHARE + ((1 - PHOTOS_SHARE) * ++stepsDone) / steps);
  {
    const pdfPath = join(workDir, 'book.pdf');
    if (parts.length === 0) {
      const front = await compile(children, workDir, 'front', { mode: 'front', book, firstPage: 1 });
      await rename(join(workDir, 'front.pdf'), pdfPath);
      await onProgress(1);
      return { pdfPath, pages: front.pages };
    }
    // The contents' length, with page numbers of the width they will have; the memories then
    // start on the next recto (a blank verso between when the front ends on a recto).
    const placeholder = doc.memories.map(() => 8888);
    let front = await compile(children, workDir, 'front', { mode: 'front', book: withContents(book, doc, placeholder), firstPage: 1 });
    await step();
    for (let attempt = 0; ; attempt += 1) {
      const frontPages = front.pages;
      const blankAfterFront = frontPages % 2 === 1 ? 1 : 0;
      const pages: number[] = [];
      let next = frontPages + blankAfterFront + 1;
      const files: string[] = [];
      for (const [n, part] of parts.entries()) {
        const name = `part-${n}`;
        const compiled = await compile(children, workDir, name, { mode: 'memories', book, firstPage: next, memories: part });
        for (const { index, page } of compiled.memoryPages) pages[index] = next - 1 + page;
        next += compiled.pages;
        files.push(join(workDir, `${name}.pdf`));
        if (attempt === 0) await step();
      }
      front = await compile(children, workDir, 'front', { mode: 'front', book: withContents(book, doc, pages), firstPage: 1 });
      await step();
      // Real page numbers set the contents as the placeholders did, but should a line wrap
      // differently and the contents gain a page, the memories move and are set again.
      if (front.pages !== frontPages && attempt < 2) continue;
      const merged = await children.run(
        {
          type: 'merge',
          title: doc.title,
          parts: [{ file: join(workDir, 'front.pdf'), blankPagesBefore: 0 }, ...files.map((file, i) => ({ file, blankPagesBefore: i === 0 ? blankAfterFront : 0 }))],
          outline: [{ title: messages.bookContents, page: CONTENTS_PAGE }, ...doc.memories.map((memory, i) => ({ title: memory.title, page: pages[i]! }))],
          outputFile: pdfPath,
        },
        'merged',
      );
      await onProgress(1);
      return { pdfPath, pages: merged.pages };
    }
  }
}

/** Every photo scaled to print and every listen code drawn, one memory after another. */
async function prepareMemories(doc: BookDocument, children: RenderChildren, { media, workDir, onProgress, signal }: RenderOptions) {
  const total = doc.memories.reduce((sum, memory) => sum + memory.photos.length, doc.cover ? 1 : 0);
  let done = 0;
  const photoDone = async () => {
    done += 1;
    await onProgress((PHOTOS_SHARE * done) / total);
  };
  let cover: PrintPhoto | null = null;
  if (doc.cover) {
    cover = await preparePhoto(media, children, doc.cover, { widthPt: COVER_PHOTO_MAX_WIDTH_PT, heightPt: COVER_PHOTO_MAX_HEIGHT_PT }, workDir, 'cover', signal);
    await photoDone();
  }
  const memories: TemplateMemory[] = [];
  for (const [index, memory] of doc.memories.entries()) {
    signal?.throwIfAborted();
    const photos: PrintPhoto[] = [];
    for (const [n, photo] of memory.photos.entries()) {
      const printed = await preparePhoto(media, children, photo, { widthPt: TEXT_WIDTH_PT, heightPt: PHOTO_MAX_HEIGHT_PT }, workDir, `m${index}-${n}`, signal);
      if (printed) photos.push(printed);
      await photoDone();
    }
    const listenSvg = memory.listenUrl ? await listenCodeSvg(memory.listenUrl) : null;
    memories.push(templateMemory(memory, index, photos, listenSvg, doc.tz));
  }
  return { cover, memories };
}

/**
 * Words as Typst can take them: a lone half of a surrogate pair (a paste cut mid-emoji) is not
 * JSON Typst reads, and control characters have no glyph; both go, and the book is made.
 */
const printable = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');

const withContents = (book: TemplateBook, doc: BookDocument, pages: number[]): TemplateBook => ({ ...book, contents: contentsOf(doc.memories, pages) });

async function compile(children: RenderChildren, workDir: string, name: string, input: CompileInput) {
  const inputFile = `${name}.json`;
  await writeFile(join(workDir, inputFile), JSON.stringify(input, (_, value: unknown) => (typeof value === 'string' ? printable(value) : value)));
  return children.run({ type: 'compile', workDir, inputFile, outputFile: `${name}.pdf` }, 'compiled');
}

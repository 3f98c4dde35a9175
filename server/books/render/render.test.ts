// The family book read back with real tools (issue 24 "Tests"): pdfinfo, pdffonts, pdftotext,
// pdfimages, and pdftoppm + zbarimg for the listen codes.
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../common/messages.js';
import type { BookDocument } from '../document.js';
import { bookFontNames, renderBook, type RenderedBook } from './index.js';
import { MARGIN_INSIDE_PT, MARGIN_OUTSIDE_PT } from './layout.js';
import { Readable } from 'node:stream';
import { newMediaKey } from '../../providers/storage/index.js';
import { storedBytes } from '../../providers/storage/test-support.js';
import { bookDocument, memory, pdfCodes, pdfFonts, pdfImages, pdfInfo, pdfOutline, pdfPages, pdfWordBoxes, prose, storePhoto, tempMediaStore } from './test-support.js';

const listen = (token: string) => `https://heirloom.example/listen/${token}`;

/** A title in each script the issue names, with the words pdftotext reads back from it. */
const titles = {
  latin: 'The summer at the lake',
  greek: 'Το καλοκαίρι στη θάλασσα',
  cyrillic: 'Лето у бабушки',
  hebrew: 'שלום ירושלים',
  arabic: 'سلام',
  chinese: '海边的夏天',
  japanese: 'おばあちゃんの台所',
  korean: '할머니의 여름',
  emoji: 'Grandma’s 90th 🎂',
  markup: 'Recipe #1: *Nana’s* $5 cake [with] _icing_ ]',
};

describe('a small family book', () => {
  let root: string;
  let workDir: string;
  let doc: BookDocument;
  let rendered: RenderedBook;
  let pages: string[];
  const progress: number[] = [];
  /** A page's words on one line, as a title that wraps is read back. */
  const flat = (text: string) => text.replace(/\s+/g, ' ');
  const contentsIndex = () => pages.findIndex((text) => text.includes(messages.bookContents));
  /** The page (1-based) a memory's own page is, found by its title after the contents. */
  const pageOf = (title: string) => pages.findIndex((text, index) => index > contentsIndex() && flat(text).includes(title)) + 1;

  beforeAll(async () => {
    const store = await tempMediaStore();
    root = store.root;
    workDir = await mkdtemp(join(tmpdir(), 'heirloom-book-'));
    const large = await storePhoto(store.media, 2000, 1500);
    const tiny = await storePhoto(store.media, 300, 200, '#7aaf6a');
    const gone = { ...(await storePhoto(store.media, 640, 480)), storageKey: newMediaKey('images', 'jpg') };
    const damagedKey = newMediaKey('images', 'jpg');
    await store.media.put(damagedKey, Readable.from([Buffer.from('not a photo at all, though it says it is')]), { contentType: 'image/jpeg' });
    const damaged = { storageKey: damagedKey, mimeType: 'image/jpeg', width: 640, height: 480 };
    doc = bookDocument({
      cover: large,
      memories: [
        memory({
          day: '2024-01-14',
          title: titles.latin,
          photos: [large],
          transcription: `${prose(6)}\n\nThe second paragraph starts here. ${prose(3)}`,
          notes: 'Written down by Sam afterwards.',
          followUps: [{ question: 'What was the water like?', answer: 'Cold, always cold.' }],
          comments: [
            { author: 'Sam Alvarez', createdAt: '2024-01-15T10:00:00Z', text: 'I remember the boat!' },
            { author: 'Lucía', createdAt: '2024-02-01T23:30:00Z', text: 'So do I.' },
          ],
          tags: ['summer', 'lake'],
          listenUrl: listen('lake-token-0123456789abcdefghijklmnopqrstuv'),
        }),
        memory({ day: '2024-01-20', title: titles.greek, transcription: 'Θυμάμαι τη θάλασσα.', photos: [gone, tiny, damaged] }),
        memory({ day: '2024-02-03', title: titles.cyrillic, transcription: 'Я помню лето.', listenUrl: listen('summer-token-zyxwvutsrqponmlkjihgfedcba98') }),
        memory({ day: '2024-03-09', title: titles.hebrew, transcription: 'זה סיפור על הים.' }),
        memory({ day: '2024-03-10', title: titles.arabic, transcription: 'سلام' }),
        memory({ day: '2024-05-01', title: titles.chinese, transcription: '我们每个星期天都去河边。' }),
        memory({ day: '2024-05-02', title: titles.japanese, transcription: '毎週日曜日に川へ行きました。' }),
        memory({ day: '2024-08-30', title: titles.korean, transcription: '우리는 일요일마다 강에 갔어요.' }),
        memory({ day: '2024-12-20', title: titles.emoji, transcription: 'A cake 🎂 with ninety candles.' }),
        memory({ day: '2024-12-24', title: titles.markup, notes: 'Mix *everything* #together and bake at $180.\u0007\ud800' }),
      ],
    });
    rendered = await renderBook(doc, { media: store.media, workDir, onProgress: (fraction) => void progress.push(fraction) });
    pages = await pdfPages(rendered.pdfPath);
  }, 60_000);
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  });

  it('is 6 × 9 inches (432 × 648 pt), with as many pages as it says', async () => {
    const info = await pdfInfo(rendered.pdfPath);
    expect(info['Page size']).toBe('432 x 648 pts');
    expect(Number(info.Pages)).toBe(rendered.pages);
    expect(pages).toHaveLength(rendered.pages);
    expect(info.Title).toBe(doc.title);
  });

  it('keeps a wider margin at the binding, on the left of a recto and the right of a verso, and nothing near the trim', async () => {
    const boxes = await pdfWordBoxes(rendered.pdfPath);
    const lake = pageOf(titles.latin);
    // The lake's prose fills its first page and runs onto the next: justified lines touch both edges of the text.
    for (const page of [lake, lake + 1]) {
      const words = boxes[page - 1]!;
      const left = Math.min(...words.map((word) => word.xMin));
      const right = 432 - Math.max(...words.map((word) => word.xMax));
      const [inside, outside] = page % 2 === 1 ? [left, right] : [right, left];
      expect({ page, inside: Math.round(inside), outside: Math.round(outside) }).toEqual({ page, inside: MARGIN_INSIDE_PT, outside: MARGIN_OUTSIDE_PT });
    }
    const safety = 0.25 * 72;
    for (const [index, words] of boxes.entries()) {
      for (const word of words) {
        expect({ page: index + 1, clear: word.xMin >= safety && word.yMin >= safety && 432 - word.xMax >= safety && 648 - word.yMax >= safety }).toEqual({ page: index + 1, clear: true });
      }
    }
  });

  it('embeds every font, and every font is one of the book’s own from npm (none from the system)', async () => {
    const fonts = await pdfFonts(rendered.pdfPath);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect({ font: font.name, embedded: font.embedded, ours: bookFontNames.includes(font.name) }).toEqual({ font: font.name, embedded: true, ours: true });
  });

  it('opens with a cover: title, family name, the date range', () => {
    expect(pages[0]).toContain(doc.title);
    expect(pages[0]).toContain('The Alvarez family');
    expect(pages[0]).toContain('JANUARY 1 – DECEMBER 31, 2024');
  });

  it('prints every title, in every script, once in the contents and once on its own page, in date order, each page numbered', () => {
    const contentsPage = pages.findIndex((text) => text.includes(messages.bookContents));
    expect(contentsPage).toBeGreaterThan(0);
    const contents = pages[contentsPage]!;
    for (const year of ['2024']) expect(contents).toContain(year);
    for (const month of ['JANUARY', 'FEBRUARY', 'MARCH', 'MAY', 'AUGUST', 'DECEMBER']) expect(contents).toContain(month);
    let lastPage = contentsPage + 1;
    for (const [script, title] of Object.entries(titles)) {
      const pageNumber = pageOf(title);
      expect({ script, found: pageNumber > contentsPage + 1 }).toEqual({ script, found: true });
      // The contents name the page it is on, at the line's right end whatever the title's
      // script (a Hebrew or Arabic title once turned its whole line around), and that page
      // prints its number at its foot.
      const entry = contents.split('\n').find((line) => line.includes(title))?.trim() ?? '';
      expect({ script, entry }).toEqual({ script, entry: expect.stringMatching(new RegExp(` ${pageNumber}$`)) });
      expect(pages[pageNumber - 1]!.trim().split('\n').at(-1)!.trim()).toBe(String(pageNumber));
      // No title alone at a page's foot: it opens its page, with its teller under it.
      expect({ script, toldBy: pages[pageNumber - 1]!.includes(messages.bookToldBy('Rose Alvarez')) }).toEqual({ script, toldBy: true });
      expect({ script, inOrder: pageNumber > lastPage }).toEqual({ script, inOrder: true });
      lastPage = pageNumber;
    }
  });

  it('sets a blank line in the words as a new paragraph, and Hebrew and Arabic words as written', () => {
    const lake = pages[pageOf(titles.latin) - 1]! + pages[pageOf(titles.latin)]!;
    expect(lake.split('\n').some((line) => line.trim().startsWith('The second paragraph starts here.'))).toBe(true);
    // (pdftotext writes a right-to-left line in visual order: the full stop comes first.)
    expect(pages[pageOf(titles.hebrew) - 1]).toContain('זה סיפור על הים');
    expect(flat(pages[pageOf(titles.arabic) - 1]!).match(/سلام/g)).toHaveLength(2);
  });

  it('carries bookmarks to the contents and to every memory’s page, as the contents print them', async () => {
    const outline = await pdfOutline(rendered.pdfPath);
    expect(outline[0]).toEqual({ title: messages.bookContents, page: 3 });
    expect(outline.slice(1)).toEqual(Object.values(titles).map((title) => ({ title, page: pageOf(title) })));
  });

  it('prints a title’s markup characters as written', () => {
    const page = flat(pages[pageOf(titles.markup) - 1]!);
    expect(page).toContain('Recipe #1: *Nana’s* $5 cake [with] _icing_ ]');
    expect(page).toContain('Mix *everything* #together and bake at $180.');
  });

  it('gives each memory its date, its teller, its notes, questions, comments with authors and dates, and tags; the month runs at the head', () => {
    const lake = pages.filter((text) => text.includes('SUNDAY, JANUARY 14, 2024') || text.includes('I remember the boat!')).join('\n');
    expect(lake).toContain(messages.bookToldBy('Rose Alvarez'));
    expect(lake).toContain('Written down by Sam afterwards.');
    expect(lake).toContain('What was the water like?');
    expect(lake).toContain('Cold, always cold.');
    expect(lake).toContain('I remember the boat!');
    expect(lake).toContain('— Sam Alvarez, January 15, 2024');
    expect(lake).toContain('— Lucía, February 1, 2024');
    expect(lake).toMatch(/summer · lake/);
    expect(lake).toContain('JANUARY 2024');
    expect(pages[pageOf(titles.korean) - 1]).toContain('AUGUST 2024');
  });

  it('prints a listen code that decodes to its address on the memories that have one, and none elsewhere', async () => {
    const codes = await pdfCodes(rendered.pdfPath, workDir);
    const found = [...codes.entries()].filter(([, texts]) => texts.length > 0);
    expect(found.map(([, texts]) => texts).flat().sort()).toEqual([doc.memories[0]!.listenUrl, doc.memories[2]!.listenUrl].sort());
    const cyrillicPage = pageOf(titles.cyrillic);
    expect(codes.get(cyrillicPage)).toEqual([doc.memories[2]!.listenUrl]);
    expect(flat(pages[cyrillicPage - 1]!)).toContain(messages.bookListenCaption('Rose Alvarez'));
    expect(codes.get(pageOf(titles.greek))).toEqual([]);
  });

  it('prints a large photo at 300 dpi across the text, and a tiny one smaller, at its own pixels, never stretched', async () => {
    const images = await pdfImages(rendered.pdfPath);
    // The Greek memory's photo that is gone from the store and its damaged one are left out.
    expect(images.filter((image) => image.page === pageOf(titles.greek))).toHaveLength(1);
    const tiny = images.find((image) => image.page === pageOf(titles.greek))!;
    const large = images.find((image) => image.page === pageOf(titles.latin))!;
    expect([tiny.width, tiny.height]).toEqual([300, 200]);
    expect(tiny.xppi).toBeGreaterThanOrEqual(199);
    expect(large.width).toBe(1350);
    expect(large.xppi).toBeGreaterThanOrEqual(299);
    expect(large.xppi).toBeLessThanOrEqual(301);
    // Printed widths in inches: the tiny photo prints at a third of the large one's.
    expect(tiny.width / tiny.xppi).toBeLessThan((large.width / large.xppi) / 2);
  });

  it('reports its progress from 0 to 1, never going back', () => {
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(4);
    for (let i = 1; i < progress.length; i += 1) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]!);
  });
});

describe('a book with no memory in its range', () => {
  it('still renders: the cover, then a page saying there were none', async () => {
    const workDir = await mkdtemp(join(tmpdir(), 'heirloom-book-'));
    try {
      const doc = bookDocument({ start: '2023-06-01', end: '2023-06-30' });
      const rendered = await renderBook(doc, { media: (await tempMediaStore()).media, workDir, onProgress: () => {} });
      const pages = await pdfPages(rendered.pdfPath);
      expect(rendered.pages).toBe(pages.length);
      expect(pages[0]).toContain(doc.title);
      expect(pages.join('\n')).toContain(messages.bookEmpty('June 1 – 30, 2023'));
      expect((await pdfInfo(rendered.pdfPath))['Page size']).toBe('432 x 648 pts');
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

/** This process's children that are the renderer's (their command line names child.ts). */
async function renderChildren(): Promise<number[]> {
  const threads = await readdir(`/proc/${process.pid}/task`);
  const pids = (await Promise.all(threads.map((thread) => readFile(`/proc/${process.pid}/task/${thread}/children`, 'utf8').catch(() => ''))))
    .join(' ')
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  const commands = await Promise.all(pids.map(async (pid) => [pid, await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '')] as const));
  return commands.filter(([, command]) => command.includes('books/render/child')).map(([pid]) => pid);
}

describe('stopping a book', () => {
  it.each([
    ['while its photos are scaled', (fraction: number) => fraction > 0],
    ['while it is compiled', (fraction: number) => fraction > 0.6],
  ])('%s: the render throws the abort and writes no book', async (_, when) => {
    const store = await tempMediaStore();
    const workDir = await mkdtemp(join(tmpdir(), 'heirloom-book-'));
    try {
      const photo = await storePhoto(store.media, 800, 600);
      const doc = bookDocument({ memories: Array.from({ length: 6 }, (_, i) => memory({ day: `2024-02-0${i + 1}`, photos: [photo], transcription: prose(20) })) });
      const controller = new AbortController();
      const stopped = new Error('The book was deleted.');
      const onProgress = (fraction: number) => {
        if (when(fraction) && !controller.signal.aborted) controller.abort(stopped);
      };
      await expect(renderBook(doc, { media: store.media, workDir, onProgress, signal: controller.signal })).rejects.toBe(stopped);
      expect(existsSync(join(workDir, 'book.pdf'))).toBe(false);
      expect(await renderChildren()).toEqual([]);
    } finally {
      await rm(store.root, { recursive: true, force: true });
      await rm(workDir, { recursive: true, force: true });
    }
  });
});

describe('a book of 40 memories with 30 large photos', () => {
  /** The resident memory of this process and every process under it (the renderer's children). */
  async function treeRss(pid: number): Promise<number> {
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    const threads = await readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
    const children = await Promise.all(threads.map((thread) => readFile(`/proc/${pid}/task/${thread}/children`, 'utf8').catch(() => '')));
    const sizes = await Promise.all(children.join(' ').split(/\s+/).filter(Boolean).map((child) => treeRss(Number(child))));
    return sizes.reduce((sum, size) => sum + size, own);
  }

  it('grows the server and its children by at most 250 MB while it renders', async () => {
    const store = await tempMediaStore();
    const workDir = await mkdtemp(join(tmpdir(), 'heirloom-book-'));
    try {
      const photo = await storePhoto(store.media, 2000, 1500);
      const stored = await storedBytes(store.media, photo.storageKey);
      const memories = [];
      for (let i = 0; i < 40; i += 1) {
        // Each photo under a key of its own, as a family's would be: each is fetched and scaled.
        const copy = { ...photo, storageKey: newMediaKey('images', 'jpg') };
        if (i < 30) await store.media.put(copy.storageKey, Readable.from([stored]), { contentType: 'image/jpeg' });
        const day = `2024-${String(1 + Math.floor(i / 4)).padStart(2, '0')}-${String(1 + (i % 4) * 7).padStart(2, '0')}`;
        memories.push(memory({ day, photos: i < 30 ? [copy] : [], transcription: prose(50), listenUrl: listen(`token-${i}`) }));
      }
      const before = await treeRss(process.pid);
      let most = before;
      const sampling = setInterval(() => void treeRss(process.pid).then((rss) => (most = Math.max(most, rss))), 25);
      const rendered = await renderBook(bookDocument({ memories }), { media: store.media, workDir, onProgress: async () => void (most = Math.max(most, await treeRss(process.pid))) }).finally(() => clearInterval(sampling));
      expect(Number((await pdfInfo(rendered.pdfPath)).Pages)).toBe(rendered.pages);
      expect((await pdfImages(rendered.pdfPath)).length).toBe(30);
      const grewMb = (most - before) / 2 ** 20;
      expect(grewMb).toBeGreaterThan(20); // the sampling saw the children
      expect(grewMb).toBeLessThanOrEqual(250);
    } finally {
      await rm(store.root, { recursive: true, force: true });
      await rm(workDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe('two books asked for at once', () => {
  it('are made one after the other, and one stopped while it waits ends at once without its turn', async () => {
    const store = await tempMediaStore();
    const dirs = await Promise.all([1, 2, 3].map(() => mkdtemp(join(tmpdir(), 'heirloom-book-'))));
    try {
      const photo = await storePhoto(store.media, 800, 600);
      const doc = bookDocument({ memories: [memory({ day: '2024-04-01', photos: [photo], transcription: prose(10) })] });
      const events: string[] = [];
      const onProgress = (name: string) => (fraction: number) => void events.push(`${name} ${fraction === 1 ? 'done' : fraction === 0 ? 'start' : 'step'}`);
      const waiting = new AbortController();
      const first = renderBook(doc, { media: store.media, workDir: dirs[0]!, onProgress: onProgress('first') });
      const stopped = renderBook(doc, { media: store.media, workDir: dirs[1]!, onProgress: onProgress('stopped'), signal: waiting.signal });
      const second = renderBook(doc, { media: store.media, workDir: dirs[2]!, onProgress: onProgress('second') });
      const reason = new Error('deleted while waiting');
      waiting.abort(reason);
      await expect(stopped).rejects.toBe(reason);
      expect(events.includes('first done')).toBe(false);
      const [a, b] = await Promise.all([first, second]);
      expect([a.pages, b.pages]).toEqual([b.pages, a.pages]);
      const starts = events.filter((event) => event.endsWith('start') || event.endsWith('done'));
      expect(starts).toEqual(['first start', 'first done', 'second start', 'second done']);
    } finally {
      await rm(store.root, { recursive: true, force: true });
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }
  });
});

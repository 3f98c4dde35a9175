// The family book's content for the benchmarks of issue 24 (bench/book-compare.ts compares the
// renderers on it, bench/book.ts seeds it into the product): 200 memories, 150 with a photo
// of 2000 × 1500, about 800 words each, titles in Latin, Greek, Cyrillic, Hebrew, Arabic,
// Chinese, Japanese and Korean. Deterministic, so two runs measure the same book.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { random } from '../seed.js';

export const BOOK_MEMORIES = 200;
export const BOOK_PHOTOS = 150;
export const PHOTO_WIDTH = 2000;
export const PHOTO_HEIGHT = 1500;
export const WORDS_PER_MEMORY = 800;

export type Script = 'latin' | 'greek' | 'cyrillic' | 'hebrew' | 'arabic' | 'chinese' | 'japanese' | 'korean';

/** Titles a family would write, each in its own script; no digits or Latin inside, so the logical-order check reads the script alone. */
export const TITLES: Record<Script, string[]> = {
  latin: ['Sunday lunch at the farm', 'Zoë and the café in Kraków', 'The summer by the lake', 'Grandpa’s old Citroën'],
  greek: ['Το καλοκαίρι στη Σαντορίνη', 'Η γιαγιά μου η Ελένη'],
  cyrillic: ['Зима в деревне у бабушки', 'Письма из Одессы'],
  hebrew: ['החתונה של סבא וסבתא', 'ערב פסח בירושלים'],
  arabic: ['عيد الفطر في بيت جدتي', 'رحلة إلى الإسكندرية'],
  chinese: ['外婆的饺子', '春节回老家'],
  japanese: ['おばあちゃんの梅干し', '夏祭りの夜'],
  korean: ['할머니의 김치', '부산 바다에서의 여름'],
};

/** One paragraph in the title's script, so right-to-left and CJK text runs as prose too. */
const PARAGRAPHS: Record<Exclude<Script, 'latin'>, string> = {
  greek: 'Η γιαγιά μου ξυπνούσε πριν από την αυγή για να ζυμώσει το ψωμί, κι εμείς καθόμασταν γύρω από το τραπέζι περιμένοντας την πρώτη ζεστή φέτα.',
  cyrillic: 'Бабушка вставала до рассвета, чтобы испечь хлеб, а мы сидели вокруг стола и ждали первый тёплый ломоть.',
  hebrew: 'סבתא שלי הייתה קמה לפני עלות השחר כדי לאפות חלות, ואנחנו ישבנו סביב השולחן וחיכינו לפרוסה הראשונה.',
  arabic: 'كانت جدتي تستيقظ قبل الفجر لتعد الكعك، وكنا نجلس حول المائدة ننتظر أول قطعة ساخنة.',
  chinese: '外婆每年春节都会包很多饺子，我们围坐在桌边，等着第一盘热气腾腾的饺子出锅。',
  japanese: '祖母は毎年夏になると梅干しを漬けて、私たちは縁側でその様子を眺めていました。',
  korean: '할머니는 매년 겨울마다 김장을 하셨고, 우리는 마당에 모여 앉아 배추를 날랐습니다.',
};

/** As the reports name them. */
export const SCRIPT_NAMES: Record<Script, string> = {
  latin: 'Latin',
  greek: 'Greek',
  cyrillic: 'Cyrillic',
  hebrew: 'Hebrew',
  arabic: 'Arabic',
  chinese: 'Chinese',
  japanese: 'Japanese',
  korean: 'Korean',
};

const SCRIPTS: Script[] = ['latin', 'greek', 'cyrillic', 'hebrew', 'arabic', 'chinese', 'japanese', 'korean'];

const WORDS = (
  'we the a and of to in it was her his our house kitchen garden summer winter morning evening ' +
  'mother father grandmother grandfather aunt uncle cousin children bread apples river lake road ' +
  'train letter wedding church school market harbour field snow rain sun walked laughed sang ' +
  'cooked remembered waited wrote listened carried planted danced always never every little old ' +
  'new long warm cold quiet bright together after before while because until there then again'
).split(' ');
const STORYTELLERS = ['Grandma Rose', 'Grandpa Joe', 'Alice', 'Ben'];

export interface ContentMemory {
  index: number;
  title: string;
  script: Script;
  /** yyyy-MM-dd, ascending through the book. */
  day: string;
  storyteller: string;
  /** Paragraphs of about 800 words in all; one in the title's script when it is not Latin. */
  paragraphs: string[];
  /** Its photo's file name under the photos folder, or null (50 of the 200 have none). */
  photo: string | null;
  tags: string[];
}

/** The 200 memories, oldest first. */
export function bookContent(memories = BOOK_MEMORIES): ContentMemory[] {
  const next = random(24);
  const start = Date.UTC(2025, 0, 1);
  return Array.from({ length: memories }, (_, index) => {
    const script = SCRIPTS[index % SCRIPTS.length]!;
    const choices = TITLES[script];
    const title = choices[Math.floor(index / SCRIPTS.length) % choices.length]!;
    const paragraphs: string[] = [];
    let words = 0;
    while (words < WORDS_PER_MEMORY) {
      const length = Math.min(60 + Math.floor(next() * 60), WORDS_PER_MEMORY - words);
      const sentence: string[] = [];
      for (let i = 0; i < length; i++) sentence.push(WORDS[Math.floor(next() * WORDS.length)]!);
      sentence[0] = sentence[0]!.charAt(0).toUpperCase() + sentence[0]!.slice(1);
      paragraphs.push(`${sentence.join(' ')}.`);
      words += length;
    }
    if (script !== 'latin') paragraphs.splice(1, 0, PARAGRAPHS[script]);
    // Three in four carry a photo: 150 of 200.
    const hasPhoto = index % 4 !== 3;
    return {
      index,
      title,
      script,
      day: new Date(start + Math.floor((index * 365 * 86_400_000) / memories)).toISOString().slice(0, 10),
      storyteller: STORYTELLERS[index % STORYTELLERS.length]!,
      paragraphs,
      photo: hasPhoto ? `photo-${String(index).padStart(3, '0')}.jpg` : null,
      tags: ['family', index % 2 === 0 ? 'summer' : 'winter'],
    };
  });
}

/**
 * One 2000 × 1500 JPEG like a phone's, different for every seed: colour fields at several
 * scales, shapes with sharp edges, and grain, so it compresses as a photo does (about
 * 850 KB at quality 90), not as a blank or a flat gradient would.
 */
export async function makePhoto(path: string, seed: number): Promise<void> {
  const next = random(1000 + seed);
  const coarse = Buffer.alloc(8 * 6 * 3);
  for (let i = 0; i < coarse.length; i++) coarse[i] = Math.floor(40 + next() * 180);
  const base = await sharp(coarse, { raw: { width: 8, height: 6, channels: 3 } })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  // Grain: fine noise at a few percent, as a sensor gives.
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < base.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const grain = ((state >>> 0) % 41) - 20;
    base[i] = Math.max(0, Math.min(255, base[i]! + grain));
  }
  const shapes: string[] = [];
  for (let i = 0; i < 40; i++) {
    const colour = `rgb(${Math.floor(next() * 255)},${Math.floor(next() * 255)},${Math.floor(next() * 255)})`;
    const x = Math.floor(next() * PHOTO_WIDTH);
    const y = Math.floor(next() * PHOTO_HEIGHT);
    shapes.push(
      next() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${Math.floor(20 + next() * 200)}" fill="${colour}" fill-opacity="0.6"/>`
        : `<rect x="${x}" y="${y}" width="${Math.floor(20 + next() * 400)}" height="${Math.floor(5 + next() * 60)}" fill="${colour}"/>`,
    );
  }
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">${shapes.join('')}</svg>`);
  await sharp(base, { raw: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3 } })
    .composite([{ input: svg }])
    .jpeg({ quality: 90 })
    .toFile(path);
}

/** Writes the photos the content names into `dir`. */
export async function makePhotos(dir: string, content: ContentMemory[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  for (const memory of content) if (memory.photo) await makePhoto(join(dir, memory.photo), memory.index);
}

// What the Typst template is handed (as JSON in sys.inputs): the document's words already split
// into paragraphs and tagged with their script, dates already written out, photos already
// scaled to print, listen codes already drawn. The template only sets type.
import { messages } from '../../../common/messages.js';
import type { BookDocument, BookMemory } from '../document.js';
import { dayIn, formatDay, formatDayWithWeekday, formatMonth, formatMonthName, formatRange } from './dates.js';
import * as layout from './layout.js';
import { LISTEN_CODE_CM } from './listen-code.js';
import type { PrintPhoto } from './photos.js';
import { paragraph, paragraphs, type Paragraph } from './words.js';

export interface TemplateMemory {
  /** Its place in the book, 0-based: how the compile reports the page it starts on. */
  index: number;
  /** The running head: "March 2024". */
  month: string;
  date: string;
  title: Paragraph;
  toldBy: string;
  photos: PrintPhoto[];
  /** The transcription set as prose, or the notes when there is no transcription. */
  prose: Paragraph[];
  /** The notes, under their label, when the prose is the transcription. */
  notes: Paragraph[];
  followUps: Array<{ question: Paragraph; answer: Paragraph[] }>;
  /** Each comment's words, and who wrote it when: "— Sam, March 6, 2024". */
  comments: Array<{ signature: string; text: Paragraph[] }>;
  tags: string[];
  listen: { svg: string; caption: string } | null;
}

export interface ContentsYear {
  year: string;
  months: Array<{ name: string; entries: Array<{ title: Paragraph; page: number }> }>;
}

export interface TemplateBook {
  geometry: typeof geometry;
  words: { contents: string; notes: string; questions: string; comments: string; tags: string };
  title: Paragraph;
  familyName: Paragraph | null;
  range: string;
  colophon: string;
  cover: PrintPhoto | null;
  /** Set only for a book with no memory in its range. */
  empty: string | null;
  contents: ContentsYear[];
}

/** One compile's input: the front matter (cover, contents), or a run of memories. */
export type CompileInput =
  | { mode: 'front'; book: TemplateBook; firstPage: 1 }
  | { mode: 'memories'; book: TemplateBook; firstPage: number; memories: TemplateMemory[] };

const geometry = {
  pageWidth: layout.PAGE_WIDTH_PT,
  pageHeight: layout.PAGE_HEIGHT_PT,
  inside: layout.MARGIN_INSIDE_PT,
  outside: layout.MARGIN_OUTSIDE_PT,
  top: layout.MARGIN_TOP_PT,
  bottom: layout.MARGIN_BOTTOM_PT,
  listenCodeCm: LISTEN_CODE_CM,
  coverInset: layout.COVER_INSET_PT,
};

export function templateBook(doc: BookDocument, cover: PrintPhoto | null, madeOn: Date): TemplateBook {
  const range = formatRange(doc.start, doc.end);
  return {
    geometry,
    words: {
      contents: messages.bookContents,
      notes: messages.bookNotes,
      questions: messages.bookQuestions,
      comments: messages.bookComments,
      tags: messages.bookTags,
    },
    title: paragraph(doc.title),
    familyName: doc.familyName ? paragraph(doc.familyName) : null,
    range,
    colophon: messages.bookColophon(formatDay(dayIn(madeOn, doc.tz))),
    cover,
    empty: doc.memories.length === 0 ? messages.bookEmpty(range) : null,
    contents: [],
  };
}

/** The contents, by year and month, with the page each memory starts on (`pages[i]` for memory i). */
export function contentsOf(memories: BookMemory[], pages: number[]): ContentsYear[] {
  const years: ContentsYear[] = [];
  memories.forEach((memory, index) => {
    const year = memory.day.slice(0, 4);
    const month = formatMonthName(memory.day);
    let lastYear = years.at(-1);
    if (lastYear?.year !== year) years.push((lastYear = { year, months: [] }));
    let lastMonth = lastYear.months.at(-1);
    if (lastMonth?.name !== month) lastYear.months.push((lastMonth = { name: month, entries: [] }));
    lastMonth.entries.push({ title: paragraph(memory.title), page: pages[index] ?? 0 });
  });
  return years;
}

/**
 * A name set inside an English sentence, isolated (Unicode's FSI … PDI): a name in Hebrew or
 * Arabic keeps its own direction without pulling the comma and date after it into its run.
 */
const isolate = (name: string) => `\u2068${name}\u2069`;

export function templateMemory(memory: BookMemory, index: number, photos: PrintPhoto[], listenSvg: string | null, tz: string): TemplateMemory {
  const transcription = paragraphs(memory.transcription);
  const notes = paragraphs(memory.notes);
  return {
    index,
    month: formatMonth(memory.day),
    date: formatDayWithWeekday(memory.day),
    title: paragraph(memory.title),
    toldBy: messages.bookToldBy(isolate(memory.storyteller)),
    photos,
    prose: transcription.length > 0 ? transcription : notes,
    notes: transcription.length > 0 ? notes : [],
    followUps: memory.followUps
      .map((followUp) => ({ question: paragraph(followUp.question.trim()), answer: paragraphs(followUp.answer) }))
      .filter((followUp) => followUp.question.text !== '' && followUp.answer.length > 0),
    comments: memory.comments.map((comment) => ({
      signature: `— ${isolate(comment.author)}, ${formatDay(dayIn(comment.createdAt, tz))}`,
      text: paragraphs(comment.text),
    })),
    tags: memory.tags,
    listen: listenSvg && memory.listenUrl ? { svg: listenSvg, caption: messages.bookListenCaption(isolate(memory.storyteller)) } : null,
  };
}

// What one Day One entry becomes (issue 25 "Beyond Heirloom"): a memory's title, notes, tags
// and dates, and which of its files it keeps, decided before anything is written, so a dry run
// says exactly what a run would add. Pure: the zip and the database are elsewhere.
import { createHash } from 'node:crypto';
import type { Entry } from 'yauzl';
import { AUDIO_DURATION_MAX_S, AUDIO_MAX_BYTES, CAPTURE_IMAGES_MAX, MEMORY_IMAGE_MAX_BYTES, MEMORY_TAG_MAX, MEMORY_TAGS_MAX, MEMORY_TEXT_MAX, MEMORY_TITLE_MAX, MEMORY_VIDEO_MAX_BYTES, MEMORY_VIDEOS_MAX } from '../../../../common/limits.js';
import { messages } from '../../../../common/messages.js';
import { enterPastedTitle, notesWithTitleRest } from '../../../../common/title-rules.js';
import type { DayOneEntry, MomentKind } from './format.js';
import { entryLabel, fileKey, type ReadEntry } from './read.js';

/**
 * A UUID made from `name` (RFC 9562 version 8, from its SHA-256), so the same entry or file
 * gets the same id in every run: a second run finds it there and adds nothing.
 */
export function dayOneId(name: string): string {
  const hash = createHash('sha256').update(name).digest().subarray(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x80;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const memoryIdOf = (uuid: string) => dayOneId(`day-one:${uuid}`);
/** A media row's id: one per file of the entry, and per copy of a photo (original, display, thumbnail). */
export const mediaIdOf = (uuid: string, kind: MomentKind, md5: string, copy = '') => dayOneId(`day-one:${uuid}:${kind}:${md5.toLowerCase()}${copy ? `:${copy}` : ''}`);

export interface PlannedFile {
  kind: MomentKind;
  md5: string;
  file: Entry;
  /** Seconds, for a recording whose length Day One measured. */
  duration: number | null;
  /** How the file is named in a line. */
  name: string;
}

export interface PlannedMemory {
  id: string;
  uuid: string;
  label: string;
  title: string;
  content: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  /** The files of this memory, in the entry's order: at most KEPT of each kind. */
  photos: PlannedFile[];
  audios: PlannedFile[];
  videos: PlannedFile[];
  /** What is left out before any file is read, each with its reason. */
  skipped: string[];
}

/**
 * memories §9: a memory holds at most 3 photos and 2 videos (an edit checks it again, so a
 * memory imported with more could never be edited), and one voice. Day One holds up to 30
 * photos and several recordings in an entry; what does not fit goes on in further memories
 * of the same day ("… (2 of 3)"), so nothing of the entry is lost.
 */
export const KEPT = { photo: CAPTURE_IMAGES_MAX, video: MEMORY_VIDEOS_MAX, audio: 1 } as const;
const TOO_LARGE = { photo: MEMORY_IMAGE_MAX_BYTES, video: MEMORY_VIDEO_MAX_BYTES, audio: AUDIO_MAX_BYTES } as const;

/** A moment reference of any kind: `![](dayone-moment://ID)`, `![](dayone-moment:/audio/ID)`, … */
const MOMENT = /!\[[^\]]*\]\(dayone-moment:[^)]*\)/g;
/** CommonMark: a backslash before ASCII punctuation escapes it, as Day One writes `\.` and `\!`. */
const ESCAPED = /\\([!-/:-@[-`{-~])/g;
const HEADING = /^\s{0,3}#{1,6}\s+|\s+#+\s*$/g;

/**
 * The memories one entry becomes: the first holds its words, tags, first voice and first photos
 * and videos; the rest of its files follow in further memories of the same day and tags.
 * `heicReadable`: whether this server's image library decodes HEIC (media refuses it otherwise).
 */
export function planEntry({ journal, entry, files }: ReadEntry, heicReadable: boolean): PlannedMemory[] {
  const label = entryLabel(journal, entry);
  const skipped: string[] = [];
  const { title, content } = titleAndNotes(entry);
  let notes = [content, ...placeAndWeather(entry)].filter((part) => part !== '').join('\n\n');
  if (notes.length > MEMORY_TEXT_MAX) {
    skipped.push(`the end of its text (a memory's notes hold ${MEMORY_TEXT_MAX} characters)`);
    notes = notes.slice(0, MEMORY_TEXT_MAX);
  }
  const { tags, dropped } = normalTags(entry.tags ?? []);
  if (dropped > 0) skipped.push(`${dropped} of its tags (a memory holds ${MEMORY_TAGS_MAX})`);
  // pdfs/: Heirloom keeps no documents; said, so the operator knows where they stay.
  for (const pdf of entry.pdfAttachments ?? []) skipped.push(`the PDF ${pdf.md5}: Heirloom keeps photos, recordings and videos, not documents`);
  const createdAt = new Date(entry.creationDate).toISOString();
  const planned = (kind: MomentKind, list: { md5: string; orderInEntry?: number; duration?: number; type?: string; format?: string }[]) =>
    inEntryOrder(list).flatMap((moment, index, all): PlannedFile[] => {
      // The same file twice in one entry is one photo (and one media row) of the memory.
      if (all.findIndex((other) => other.md5.toLowerCase() === moment.md5.toLowerCase()) !== index) return [];
      const file = files.get(fileKey(kind, moment.md5))!;
      const name = `${kind} ${file.fileName.slice(file.fileName.lastIndexOf('/') + 1)}`;
      if (file.uncompressedSize > TOO_LARGE[kind]) {
        skipped.push(`the ${name}: larger than the ${Math.round(TOO_LARGE[kind] / 1024 / 1024)} MB a ${kind} may be`);
        return [];
      }
      if (kind === 'photo' && !heicReadable && isHeic(moment.type, file.fileName)) {
        skipped.push(`the ${name}: HEIC, which this server's image library cannot read (convert it to JPEG and add it to the memory)`);
        return [];
      }
      const duration = kind === 'audio' && moment.duration !== undefined && moment.duration >= 0 && moment.duration <= AUDIO_DURATION_MAX_S ? moment.duration : null;
      return [{ kind, md5: moment.md5, file, duration, name }];
    });
  const photos = planned('photo', entry.photos ?? []);
  const audios = planned('audio', entry.audios ?? []);
  const videos = planned('video', entry.videos ?? []);
  const parts = Math.max(1, Math.ceil(photos.length / KEPT.photo), Math.ceil(audios.length / KEPT.audio), Math.ceil(videos.length / KEPT.video));
  const slice = (list: PlannedFile[], part: number) => list.slice(part * KEPT[list[0]?.kind ?? 'photo'], (part + 1) * KEPT[list[0]?.kind ?? 'photo']);
  return Array.from({ length: parts }, (_, part) => ({
    id: part === 0 ? memoryIdOf(entry.uuid) : dayOneId(`day-one:${entry.uuid}:part:${part + 1}`),
    uuid: entry.uuid,
    label,
    title: part === 0 ? title : partTitle(title, part + 1, parts),
    content: part === 0 ? notes : messages.dayOneMore(title),
    tags,
    createdAt,
    updatedAt: entry.modifiedDate ? new Date(entry.modifiedDate).toISOString() : createdAt,
    photos: slice(photos, part),
    audios: slice(audios, part),
    videos: slice(videos, part),
    skipped: part === 0 ? skipped : [],
  }));
}

/** "A day at the sea (2 of 3)", its title shortened when the whole would pass the ceiling. */
function partTitle(title: string, part: number, parts: number): string {
  const over = messages.dayOnePart(title, part, parts).length - MEMORY_TITLE_MAX;
  return messages.dayOnePart(over > 0 ? title.slice(0, title.length - over).trimEnd() : title, part, parts);
}

const isHeic = (type: string | undefined, fileName: string) => /^hei[cf]$/i.test(type ?? '') || /\.hei[cf]$/i.test(fileName);

/** By orderInEntry where Day One wrote it; the list's own order otherwise (sort is stable). */
const inEntryOrder = <T extends { orderInEntry?: number }>(list: T[]) =>
  [...list].sort((a, b) => (a.orderInEntry ?? Number.MAX_SAFE_INTEGER) - (b.orderInEntry ?? Number.MAX_SAFE_INTEGER));

/**
 * The title is the entry's first line with words, without its heading marks (Day One's "first
 * line is the title"); the notes are the rest, moments removed, Markdown kept as text. A title
 * past the ceiling is cut as a pasted one is, the rest opening the notes; an entry without
 * words is named by its day in its own time zone.
 */
export function titleAndNotes(entry: Pick<DayOneEntry, 'text' | 'creationDate' | 'timeZone'>): { title: string; content: string } {
  const lines = (entry.text ?? '').replace(/\u200b/g, '').replace(/\r\n?/g, '\n').replace(MOMENT, '').replace(ESCAPED, '$1').split('\n');
  const first = lines.findIndex((line) => line.trim() !== '');
  const rest = lines
    .slice(first + 1)
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  const heading = first < 0 ? '' : lines[first]!.replace(HEADING, '').trim();
  if (!heading) return { title: messages.dayOneUntitled(dayOf(entry.creationDate, entry.timeZone)), content: first < 0 ? '' : rest };
  const cut = enterPastedTitle(heading);
  return { title: cut.title.trim(), content: notesWithTitleRest(cut.rest, rest) };
}

/** "5 January 2023": the day the entry was written where it was written (UTC when Day One gave no zone it knows). */
export function dayOf(creationDate: string, timeZone: string | undefined): string {
  const format = (zone: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: zone }).format(new Date(creationDate));
  try {
    return format(timeZone || 'UTC');
  } catch {
    return format('UTC');
  }
}

/**
 * A place's name and the weather, each a line at the end of the notes: families keep where a
 * day was spent, in the words Day One shows. Never the coordinates: the intake strips those
 * from every photo and video too.
 */
function placeAndWeather({ location, weather }: DayOneEntry): string[] {
  const lines: string[] = [];
  const parts = [location?.placeName, location?.localityName, location?.administrativeArea, location?.country]
    .map((part) => part?.trim() ?? '')
    .filter((part, index, all) => part !== '' && all.indexOf(part) === index);
  if (parts.length > 0) lines.push(messages.dayOnePlace(parts.join(', ')));
  const conditions = [weather?.conditionsDescription?.trim(), weather?.temperatureCelsius === undefined ? '' : `${Math.round(weather.temperatureCelsius)} °C`].filter(Boolean);
  if (conditions.length > 0) lines.push(messages.dayOneWeather(conditions.join(', ')));
  return lines.length > 0 ? [lines.join('\n')] : [];
}

/** memories §5 as the app's tag input applies it: trimmed, blanks and repeats dropped, each and the list held to our ceilings. */
export function normalTags(tags: readonly string[]): { tags: string[]; dropped: number } {
  const kept: string[] = [];
  for (const tag of tags) {
    const trimmed = tag.trim().slice(0, MEMORY_TAG_MAX).trim();
    if (trimmed && !kept.includes(trimmed)) kept.push(trimmed);
  }
  return { tags: kept.slice(0, MEMORY_TAGS_MAX), dropped: Math.max(0, kept.length - MEMORY_TAGS_MAX) };
}

// Tests only: Day One exports built as Day One writes them (format.ts says where each rule
// comes from): `{Journal name}.json` with {metadata: {version: "1.0"}, entries}, and the files
// under photos/, audios/ and videos/, each named by its MD5 (an audio of format 'aac' as .m4a).
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import { jpegWithGps, imageOf } from '../../../media/test-support.js';
import { box, frames, mp4WithPlace } from '../../../media/video-test-support.js';

export const md5Of = (data: Buffer) => createHash('md5').update(data).digest('hex');

/** A Day One identifier: 32 upper-case hex digits. */
export const dayOneIdentifier = () => randomUUID().replaceAll('-', '').toUpperCase();

/** An M4A as a phone's voice memo begins: `ftyp` of brand "M4A ", then `mdat`. */
export function m4aBytes(size = 4_000): Buffer {
  const ftyp = box('ftyp', [Buffer.from('M4A '), Buffer.from([0, 0, 2, 0]), Buffer.from('M4A isommp42')]);
  return Buffer.concat([ftyp, box('mdat', [frames(size)])]);
}

/** The start of a HEIC photo as an iPhone writes it (`ftyp` of brand heic): the app takes it only where its sharp decodes HEIC. */
export const heicBytes = () => Buffer.concat([box('ftyp', [Buffer.from('heic'), Buffer.alloc(4), Buffer.from('mif1heic')]), box('mdat', [frames(2_000)])]);

export interface ExportFile {
  /** Where it sits in the zip: photos/{md5}.jpeg, audios/{md5}.m4a, … */
  path: string;
  data: Buffer;
}

/** A moment of an entry and the file it names. */
export function photo(data: Buffer, type: string, orderInEntry: number) {
  const identifier = dayOneIdentifier();
  const md5 = md5Of(data);
  return { moment: { identifier, md5, type, orderInEntry, width: 64, height: 48 }, file: { path: `photos/${md5}.${type}`, data }, reference: `![](dayone-moment://${identifier})` };
}

export function audio(data: Buffer, duration: number) {
  const identifier = dayOneIdentifier();
  const md5 = md5Of(data);
  return { moment: { identifier, md5, format: 'aac', duration }, file: { path: `audios/${md5}.m4a`, data }, reference: `![](dayone-moment:/audio/${identifier})` };
}

export function video(data: Buffer, orderInEntry: number) {
  const identifier = dayOneIdentifier();
  const md5 = md5Of(data);
  return { moment: { identifier, md5, type: 'mp4', orderInEntry, duration: 5.7 }, file: { path: `videos/${md5}.mp4`, data }, reference: `![](dayone-moment:/video/${identifier})` };
}

/** Writes a zip of `journals` (name → entries) and `files` into a temporary folder; its path. */
export async function dayOneZip(journals: Record<string, unknown[]>, files: ExportFile[], { folder = '' } = {}): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'heirloom-day-one-')), 'Export - All Entries.zip');
  const zip = new yazl.ZipFile();
  for (const [name, entries] of Object.entries(journals)) {
    zip.addBuffer(Buffer.from(JSON.stringify({ metadata: { version: '1.0' }, entries }, null, 2)), `${folder}${name}.json`);
  }
  for (const file of files) zip.addBuffer(file.data, `${folder}${file.path}`);
  zip.end();
  const out = createWriteStream(path);
  zip.outputStream.pipe(out);
  await finished(out);
  return path;
}

/** A plain file that is not a zip, for the refusal. */
export function notAZip(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'heirloom-day-one-')), 'Journal.zip');
  writeFileSync(path, 'Dear diary, this is not a zip.');
  return path;
}

/**
 * The export the tests import: three entries of one journal, as Day One writes them.
 * - a heading, Markdown with Day One's backslash escapes, two photos (one a phone's JPEG with
 *   GPS in its EXIF, placed second by orderInEntry), a voice memo (m4a), tags with a repeat, a
 *   place and the weather, written in London;
 * - an entry with no words, a phone's video holding its place in its metadata, written in
 *   Tokyo just after midnight local time (the day before in UTC);
 * - a plain first line, a HEIC photo, a PDF and two voice memos (a memory keeps one voice).
 */
export async function familyExport() {
  const gpsPhoto = photo(await jpegWithGps(), 'jpeg', 1);
  const pngPhoto = photo(await imageOf('png', 64, 48), 'png', 0);
  const voice = audio(m4aBytes(), 12.5);
  const clip = video(mp4WithPlace({ frameBytes: 20_000 }).file, 0);
  const heic = photo(heicBytes(), 'heic', 0);
  const firstMemo = audio(m4aBytes(3_000), 3);
  const secondMemo = audio(m4aBytes(2_000), 4);
  const sea = {
    uuid: dayOneIdentifier(),
    creationDate: '2023-01-05T09:30:00Z',
    modifiedDate: '2023-01-06T18:02:11Z',
    timeZone: 'Europe/London',
    starred: true,
    tags: ['sea', ' sea ', 'Grandma Rose', ''],
    text: `# A day at the sea\n\nWe walked to the end of the pier\\. ${gpsPhoto.reference}\n\n\n\n**Lunch** was fish and chips\\!\n${pngPhoto.reference}\n${voice.reference}`,
    location: { placeName: 'Brighton Palace Pier', localityName: 'Brighton', administrativeArea: 'England', country: 'United Kingdom', latitude: 50.8167, longitude: -0.1373 },
    weather: { conditionsDescription: 'Mostly Sunny', temperatureCelsius: 8.4, weatherCode: 'fair' },
    photos: [gpsPhoto.moment, pngPhoto.moment],
    audios: [voice.moment],
  };
  const tokyo = {
    uuid: dayOneIdentifier(),
    creationDate: '2023-03-01T15:30:00Z',
    modifiedDate: '2023-03-01T15:30:00Z',
    timeZone: 'Asia/Tokyo',
    text: `${clip.reference}\n`,
    tags: [],
    videos: [clip.moment],
  };
  const garden = {
    uuid: dayOneIdentifier(),
    creationDate: '2024-06-10T17:00:00+02:00',
    timeZone: 'Europe/Paris',
    text: `The garden in June\nRoses everywhere.\n${heic.reference}\n${firstMemo.reference}${secondMemo.reference}`,
    photos: [heic.moment],
    audios: [firstMemo.moment, secondMemo.moment],
    // Under pdfs/, which the importer leaves behind and says so.
    pdfAttachments: [{ identifier: dayOneIdentifier(), md5: md5Of(Buffer.from('%PDF-1.4 plan of the roses')), type: 'pdf' }],
  };
  const files = [gpsPhoto, pngPhoto, voice, clip, heic, firstMemo, secondMemo].map((made) => made.file);
  return { entries: { sea, tokyo, garden }, files, made: { gpsPhoto, pngPhoto, voice, clip, heic, firstMemo, secondMemo } };
}

// Day One's JSON export (issue 25 "Beyond Heirloom"), as far as this importer reads it. Day One
// documents the export only as "JSON (.zip)" (dayoneapp.com/guides/day-one-for-android/
// backups-in-day-one-android/, "JSON Exports"); what the files hold is known from exports and
// the tools that read them:
// - the zip holds one `{Journal name}.json` per journal, {metadata: {version: "1.0"}, entries: […]},
//   and the folders photos/, audios/, videos/ and pdfs/ with each file named by its MD5
//   (castaneai.hatenablog.com/entry/dayone-journal-from-json; marph91/jimmy
//   src/formats/day_one.py, which finds a file by `{md5}.*`: the extension need not be the type
//   the entry names, an audio of format 'aac' is stored as `{md5}.m4a`, obsidian-importer's
//   Day One tests);
// - an entry's `text` is Markdown, with `![](dayone-moment://{identifier})` where a photo sits
//   and `dayone-moment:/audio/…`, `/video/…`, `/pdfAttachment/…` for the others; Day One escapes
//   Markdown's punctuation in it with a backslash (`\.`); `creationDate` is ISO 8601 (UTC, `Z`,
//   or with an offset), `timeZone` an IANA name; `text` may be missing (an empty entry).
// Unknown fields are ignored: every Day One version adds some.
import { z } from 'zod';

const finite = z.number().refine(Number.isFinite);
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), { error: 'is not a date' });

const moment = {
  identifier: z.string().min(1),
  md5: z.string().regex(/^[0-9a-fA-F]{32}$/, { error: 'is not an MD5' }),
  orderInEntry: finite.optional(),
};

export const dayOnePhoto = z.object({ ...moment, type: z.string().optional(), width: finite.optional(), height: finite.optional() });
export const dayOneAudio = z.object({ ...moment, format: z.string().optional(), duration: finite.optional() });
export const dayOneVideo = z.object({ ...moment, type: z.string().optional(), duration: finite.optional() });

const place = z
  .object({
    placeName: z.string().optional(),
    localityName: z.string().optional(),
    administrativeArea: z.string().optional(),
    country: z.string().optional(),
  })
  .optional();

const weather = z
  .object({
    conditionsDescription: z.string().optional(),
    temperatureCelsius: finite.optional(),
  })
  .optional();

export const dayOneEntry = z.object({
  uuid: z.string().min(1),
  creationDate: instant,
  modifiedDate: instant.optional(),
  timeZone: z.string().optional(),
  text: z.string().optional(),
  tags: z.array(z.string()).optional(),
  starred: z.boolean().optional(),
  location: place,
  weather,
  photos: z.array(dayOnePhoto).optional(),
  audios: z.array(dayOneAudio).optional(),
  videos: z.array(dayOneVideo).optional(),
  /** Stored under pdfs/; named here only to say they stay behind. */
  pdfAttachments: z.array(z.object({ md5: z.string() })).optional(),
});

export const dayOneJournal = z.object({
  metadata: z.object({ version: z.string().optional() }).optional(),
  entries: z.array(z.unknown()),
});

export type DayOneEntry = z.infer<typeof dayOneEntry>;
export type DayOnePhoto = z.infer<typeof dayOnePhoto>;
export type DayOneAudio = z.infer<typeof dayOneAudio>;
export type DayOneVideo = z.infer<typeof dayOneVideo>;

/** The three kinds of file an entry names, and the folder of the zip each lives in. */
export const MOMENT_FOLDERS = { photo: 'photos', audio: 'audios', video: 'videos' } as const;
export type MomentKind = keyof typeof MOMENT_FOLDERS;

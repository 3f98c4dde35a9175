// Reads a Day One export (format.ts) without writing anything: the zip's directory, each
// journal's JSON checked entry by entry, and every file an entry names found in its folder.
// Every problem is gathered, so the operator hears all of them at once and nothing is written
// while any remains (issue 25: refused before writing, each problem named).
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { dayOneEntry, dayOneJournal, MOMENT_FOLDERS, type DayOneEntry, type MomentKind } from './format.js';

/** A journal's JSON is read whole; past this it is not a journal of words and photos' names. */
const JOURNAL_JSON_MAX_BYTES = 512 * 1024 * 1024;

/** One entry with the journal it came from and the zip entries of its files, by MD5 and kind. */
export interface ReadEntry {
  journal: string;
  entry: DayOneEntry;
  files: Map<string, Entry>;
}

export interface DayOneExport {
  journals: string[];
  entries: ReadEntry[];
  /** The bytes of one of an entry's files, streamed from the zip. */
  open(file: Entry): Promise<Readable>;
  close(): void;
}

export class ExportRefused extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

export const fileKey = (kind: MomentKind, md5: string) => `${kind}:${md5.toLowerCase()}`;

/** How an entry is named in a line: its date and uuid, which Day One shows in an entry's info. */
export const entryLabel = (journal: string, entry: { uuid: string; creationDate?: unknown }) =>
  `${journal}, entry ${entry.uuid}${typeof entry.creationDate === 'string' ? ` (${entry.creationDate})` : ''}`;

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: false }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

function entriesOf(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const all: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      all.push(entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(all));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/**
 * The export at `path`, checked: refused (ExportRefused, every problem named) when it is not a
 * zip, holds no journal, a journal or entry is not Day One's, or an entry names a file the zip
 * does not hold.
 */
export async function readDayOneExport(path: string, shownAs: string): Promise<DayOneExport> {
  let zip: ZipFile;
  try {
    zip = await openZip(path);
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ExportRefused([missing ? `${shownAs}: there is no such file.` : `${shownAs} is not a zip file (${(error as Error).message}).`]);
  }
  try {
    const read = await readJournals(zip, await entriesOf(zip), shownAs);
    return { ...read, open: (file) => zip.openReadStreamPromise(file), close: () => zip.close() };
  } catch (error) {
    zip.close();
    throw error;
  }
}

async function readJournals(zip: ZipFile, all: Entry[], shownAs: string): Promise<Pick<DayOneExport, 'journals' | 'entries'>> {
  // A journal's JSON sits at the top of the zip or in its one folder, beside the media folders.
  const jsons = all.filter((file) => /\.json$/i.test(file.fileName) && file.fileName.split('/').length <= 2 && !file.fileName.startsWith('__MACOSX/'));
  if (jsons.length === 0) throw new ExportRefused([`${shownAs} holds no Day One journal: there is no {Journal name}.json in it.`]);
  const problems: string[] = [];
  const entries: ReadEntry[] = [];
  const seen = new Map<string, string>();
  const journals: string[] = [];
  for (const json of jsons) {
    const journal = json.fileName;
    if (json.uncompressedSize > JOURNAL_JSON_MAX_BYTES) {
      problems.push(`${journal}: ${json.uncompressedSize} bytes is more than a Day One journal holds.`);
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse((await buffer(await zip.openReadStreamPromise(json))).toString('utf8'));
    } catch (error) {
      problems.push(`${journal}: not JSON (${(error as Error).message}).`);
      continue;
    }
    const shape = dayOneJournal.safeParse(parsed);
    if (!shape.success) {
      problems.push(`${journal}: not a Day One journal (no list of entries).`);
      continue;
    }
    journals.push(journal);
    const folder = posix.dirname(journal) === '.' ? '' : `${posix.dirname(journal)}/`;
    const files = mediaIndex(all, folder);
    shape.data.entries.forEach((raw, index) => {
      const entry = dayOneEntry.safeParse(raw);
      if (!entry.success) {
        const issue = entry.error.issues[0]!;
        const uuid = (raw as { uuid?: unknown } | null)?.uuid;
        problems.push(`${journal}, entry ${index + 1}${typeof uuid === 'string' ? ` (${uuid})` : ''}: ${issue.path.join('.') || 'the entry'} ${issue.message}.`);
        return;
      }
      const label = entryLabel(journal, entry.data);
      const earlier = seen.get(entry.data.uuid);
      if (earlier) problems.push(`${label}: the same uuid as an entry of ${earlier}.`);
      seen.set(entry.data.uuid, journal);
      const found = new Map<string, Entry>();
      for (const [kind, list] of momentsOf(entry.data)) {
        for (const moment of list) {
          const file = files.get(fileKey(kind, moment.md5));
          if (file) found.set(fileKey(kind, moment.md5), file);
          else problems.push(`${label}: its ${kind} ${moment.md5} is not in the zip (${folder}${MOMENT_FOLDERS[kind]}/${moment.md5}.*).`);
        }
      }
      entries.push({ journal, entry: entry.data, files: found });
    });
  }
  if (problems.length > 0) throw new ExportRefused(problems);
  return { journals, entries };
}

/** The moments an entry names, by kind. */
export function momentsOf(entry: DayOneEntry): [MomentKind, { md5: string }[]][] {
  return [
    ['photo', entry.photos ?? []],
    ['audio', entry.audios ?? []],
    ['video', entry.videos ?? []],
  ];
}

/** The files of the media folders beside a journal, by kind and MD5 (whatever their extension). */
function mediaIndex(all: Entry[], folder: string): Map<string, Entry> {
  const index = new Map<string, Entry>();
  for (const [kind, name] of Object.entries(MOMENT_FOLDERS) as [MomentKind, string][]) {
    const prefix = `${folder}${name}/`;
    for (const file of all) {
      if (!file.fileName.startsWith(prefix) || file.fileName.endsWith('/')) continue;
      const base = file.fileName.slice(prefix.length);
      const md5 = /^([0-9a-fA-F]{32})(\.[^/]*)?$/.exec(base)?.[1];
      if (md5) index.set(fileKey(kind, md5), file);
    }
  }
  return index;
}

// A BagIt bag in a zip (RFC 8493; common/archive-format.ts bagPaths), opened for random access:
// the zip's central directory is read once, then each file is streamed when asked for, so a
// 20 GB archive is read in flat memory. Nothing is extracted to disk.
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { OpsError } from '../errors.js';

export interface Bag {
  /** The one folder the zip holds (RFC 8493 §4.2: named as the zip is). */
  base: string;
  /** Every file's path relative to the base folder. */
  paths(): Iterable<string>;
  has(path: string): boolean;
  /** The file's size in bytes, as the zip gives it (yauzl checks the bytes read against it). */
  size(path: string): number | null;
  /** The file's bytes, streamed. */
  stream(path: string): Promise<Readable>;
  /** A small file whole, as UTF-8. */
  text(path: string): Promise<string>;
  /** A file's lines, numbered from 1, read as they stream. */
  lines(path: string): AsyncIterable<{ line: string; number: number }>;
  close(): void;
}

/** Tag files are read whole; more than this is no tag file. */
const TEXT_LIMIT = 64 * 1024 * 1024;

export async function openBag(file: string): Promise<Bag> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false }, (error, opened) => (error ? reject(error) : resolve(opened))),
  ).catch((error: Error) => {
    throw new OpsError(`Nothing was imported: ${file} is not a zip that can be read (${error.message})`);
  });
  const entries = await entriesOf(zip).catch((error: Error) => {
    zip.close();
    throw new OpsError(`Nothing was imported: ${file} is not a zip that can be read (${error.message})`);
  });

  const folders = new Set([...entries.keys()].map((name) => name.split('/')[0]!));
  const base = [...folders][0];
  if (folders.size !== 1 || !base || [...entries.keys()].some((name) => !name.startsWith(`${base}/`))) {
    zip.close();
    throw new OpsError(`Nothing was imported: ${file} is not a Heirloom archive (a bag holds one folder with bagit.txt in it; this zip holds ${[...folders].join(', ') || 'nothing'})`);
  }
  const files = new Map([...entries].map(([name, entry]) => [name.slice(base.length + 1), entry]));

  const stream = async (path: string): Promise<Readable> => {
    const entry = files.get(path);
    if (!entry) throw new OpsError(`${path}: not in the archive`);
    return new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (error, body) => (error ? reject(error) : resolve(body))));
  };

  return {
    base,
    paths: () => files.keys(),
    has: (path) => files.has(path),
    size: (path) => files.get(path)?.uncompressedSize ?? null,
    stream,
    async text(path) {
      const entry = files.get(path);
      if (entry && entry.uncompressedSize > TEXT_LIMIT) throw new OpsError(`${path}: too large to be what it says (${entry.uncompressedSize} bytes)`);
      const chunks: Buffer[] = [];
      for await (const chunk of await stream(path)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    },
    async *lines(path) {
      const reader = createInterface({ input: await stream(path), crlfDelay: Infinity });
      let number = 0;
      for await (const line of reader) yield { line, number: ++number };
    },
    close: () => zip.close(),
  };
}

/** Every file entry by its name in the zip; folders' own entries are left out. */
function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

// Writing archives as streams (DESIGN "Archives": built on the server and streamed, so a year
// of video downloads in flat memory). Every entry is stored, not deflated: photos, videos and
// recordings are compressed already, and stored entries of known size let yazl tell the
// archive's final size before its first byte (the browser shows progress). One ArchiveRun
// owns every stream a download opens, so whatever ends it early closes them all.
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { ZipFile, type EndOptions } from 'yazl';
import type { MediaStore } from '../providers/storage/index.js';
import type { ArchiveLog } from './gather.js';
import { useNativeCrc32InYazl } from './yazl-crc32.js';

useNativeCrc32InYazl();

export type ZipEntry = { name: string; bytes: Buffer } | { name: string; file: { key: string; size: number } };

/** A zip being written, and its size in bytes once whole. */
export interface SizedZip {
  stream: Readable;
  size: number;
}

/** The longest file name common file systems take (255 bytes); the end of a name (date, extension) is kept. */
const NAME_MAX = 255;
const KEPT_TAIL = 32;

/**
 * Entry names are made by the server (folders, numbers, sanitised titles), but each segment
 * is made safe again here: only letters, digits, '.', '_' and '-', never '.' or '..', never
 * longer than a file system takes, so no name can leave the folder it is unzipped into.
 */
export function safeEntryName(name: string): string {
  return name
    .split('/')
    .map((segment) => {
      const plain = segment.replace(/[^A-Za-z0-9._-]/g, '_');
      const named = plain === '' || plain === '.' || plain === '..' ? '_' : plain;
      return named.length > NAME_MAX ? named.slice(0, NAME_MAX - KEPT_TAIL) + named.slice(-KEPT_TAIL) : named;
    })
    .join('/');
}

/** The archive could not be finished: a media file went missing or failed after its entry began. */
class ArchiveCutShort extends Error {}

/**
 * One download: the zips it writes and the media streams that feed them. A zip's entry cannot
 * be taken back once its header is out, so a file lost mid-way (deleted after it was counted,
 * or a store failing mid-file) ends the download as failed, never as a whole-looking archive
 * with a hole: the client sees the connection close before Content-Length. The client going
 * away ends it too. Either way every stream still open is destroyed.
 */
export class ArchiveRun {
  private readonly open = new Set<Readable>();
  private output: Readable | null = null;
  private failure: Error | null = null;
  private ended = false;

  constructor(
    private readonly media: MediaStore,
    private readonly log: ArchiveLog,
  ) {}

  get stopped(): boolean {
    return this.ended;
  }

  /** Keeps `stream` to destroy if the download ends early; its failure fails the download. */
  track<T extends Readable>(stream: T): T {
    if (this.ended) {
      stream.destroy();
      return stream;
    }
    this.open.add(stream);
    stream.once('close', () => this.open.delete(stream));
    // `on`, not `once`: a destroyed S3 body may report more than one error.
    stream.on('error', (error) => this.fail(error));
    return stream;
  }

  /** The bytes of `key`, tracked. Storage had the file when the archive was planned. */
  async read(key: string): Promise<Readable> {
    const object = await this.media.get(key);
    if (!object) throw new ArchiveCutShort(`The media file ${key} disappeared while its archive was being written`);
    return this.track(object.body);
  }

  /** The zip the response sends. Its closing before the end (the client went away) ends the download. */
  deliver(stream: Readable): Readable {
    if (this.failure) {
      stream.destroy(this.failure);
      return stream;
    }
    this.output = stream;
    stream.once('close', () => {
      if (stream.readableEnded || this.ended) return;
      this.log.info('The client stopped downloading the archive; its files are closed');
      this.stop();
    });
    return stream;
  }

  fail(error: unknown): void {
    if (this.ended) return;
    this.failure = error instanceof Error ? error : new Error(String(error));
    this.log.error({ err: this.failure }, 'An archive failed while streaming; the download is cut short');
    this.stop();
  }

  private stop(): void {
    this.ended = true;
    // First, so the response learns why: before its headers Fastify answers 500 {message},
    // after them it closes the connection.
    this.output?.destroy(this.failure ?? undefined);
    for (const stream of this.open) stream.destroy();
    this.open.clear();
  }
}

const stored = (mtime: Date) => ({ compress: false, mtime });

/** yazl's types leave out the size handed to end's callback. */
type EndWithSize = (options: EndOptions, sized: (totalSize: number) => void) => void;

/**
 * A zip of `entries`, every one stored with its size known, so the size of the whole is
 * known before it is written. Media files are opened one at a time, when their turn comes.
 */
export function storedZip(run: ArchiveRun, entries: ZipEntry[], mtime: Date): SizedZip {
  const zip = new ZipFile();
  zip.on('error', (error) => run.fail(error));
  for (const entry of entries) {
    const name = safeEntryName(entry.name);
    if ('bytes' in entry) {
      zip.addBuffer(entry.bytes, name, stored(mtime));
      continue;
    }
    zip.addReadStreamLazy(name, { ...stored(mtime), size: entry.file.size }, (deliver) => {
      run.read(entry.file.key).then(
        (body) => deliver(null, body),
        (error: unknown) => run.fail(error),
      );
    });
  }
  let size = -1;
  // With no addFile entry, yazl calls back during end() (ZIP64 past 4 GB is its own choice).
  (zip.end.bind(zip) as EndWithSize)({ forceZip64Format: false, comment: '' }, (totalSize) => {
    size = totalSize;
  });
  if (size < 0) throw new Error('A stored zip of known entries should know its size');
  return { stream: run.track(zip.outputStream as Readable), size };
}

/**
 * A zip of zips (a month archive). Each inner zip is made only when the outer one is ready
 * for it and is streamed into it stored, so one memory's files are open at a time, whatever
 * the month holds. The total is not known ahead, so the response is chunked.
 */
export function nestedZip(run: ArchiveRun, inner: AsyncIterable<{ name: string; zip: SizedZip }>, mtime: Date): Readable {
  const outer = new ZipFile();
  outer.on('error', (error) => run.fail(error));
  const fill = async () => {
    for await (const { name, zip } of inner) {
      if (run.stopped) return;
      outer.addReadStream(zip.stream, safeEntryName(name), { ...stored(mtime), size: zip.size });
      await finished(zip.stream);
    }
    outer.end();
  };
  fill().catch((error: unknown) => run.fail(error));
  return run.track(outer.outputStream as Readable);
}

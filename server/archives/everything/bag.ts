// The archive of everything written as a BagIt bag (RFC 8493) in a zip, streamed straight into
// the media store (issue 25; DESIGN "Yours to keep"). Flat memory whatever the family's size:
// a media file is read twice (once to name it by its SHA-256, since a zip entry's name comes
// before its bytes; then again into the zip), never held; the records that span every memory
// (memories.jsonl, comments.jsonl) and the manifest go to files in a work folder as memories
// stream by and enter the zip at the end, hashed as they were written. The zip's entries
// follow one another, so only a few are ever waiting their turn (LOOKAHEAD).
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { ZipFile } from 'yazl';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  bagPaths,
  recordFiles,
  type ArchiveCounts,
  type ArchiveFile,
  type ArchiveHeader,
  type CommentRecord,
  type MemoryRecord,
  type PersonRecord,
  type RecordFile,
} from '../../../common/archive-format.js';
import type { MediaStore } from '../../providers/storage/index.js';
import type { ArchiveLog } from '../gather.js';
import { useNativeCrc32InYazl } from '../yazl-crc32.js';
import type { Gathered, PendingFile } from './gathered.js';
import { archiveJsonSchema } from './schema.js';
import { indexEntryOf, indexPage, memoryPage, memoryPagePath, SITE_STYLESHEET_PATH, siteStylesheet, type SiteContext, type SiteIndexEntry } from './site.js';

useNativeCrc32InYazl();

/** Entries added ahead of the one the zip is writing: enough to hash the next file while one is written. */
const LOOKAHEAD = 2;
/** A memory's records and page weigh in progress as this many bytes of media read. */
const MEMORY_WEIGHT = 256 * 1024;

/** The bag's pages (site.ts): one per memory as it streams by, then the index and the stylesheet. */
class BagSite {
  private readonly entries: SiteIndexEntry[] = [];
  private readonly context: SiteContext;

  constructor(title: string, exportedAt: Date, gathered: Gathered, people: PersonRecord[]) {
    this.context = {
      title,
      exportedAt: exportedAt.toISOString(),
      exportedBy: gathered.exporter.displayName,
      people: new Map(people.map((person) => [person.id, person])),
      timelines: new Map(gathered.timelines.map((timeline) => [timeline.id, timeline])),
    };
  }

  /**
   * A page links to the memories before and after its own, so each is written when the next
   * one comes (one memory held back); the index keeps a line of each.
   */
  private held: { memory: MemoryRecord; comments: CommentRecord[]; at: number } | null = null;

  /** The page of the memory before this one, now that its next is known (path relative to data/). */
  add(memory: MemoryRecord, comments: CommentRecord[]): { path: string; html: string } | null {
    this.entries.push(indexEntryOf(memory, comments));
    const page = this.pageOfHeld();
    this.held = { memory, comments, at: this.entries.length - 1 };
    return page;
  }

  /** The last memory's page, once every memory is in. */
  last(): { path: string; html: string } | null {
    const page = this.pageOfHeld();
    this.held = null;
    return page;
  }

  private pageOfHeld(): { path: string; html: string } | null {
    if (!this.held) return null;
    const { memory, comments, at } = this.held;
    const neighbours = { previous: this.entries[at - 1] ?? null, next: this.entries[at + 1] ?? null };
    return { path: memoryPagePath(memory.id), html: memoryPage(memory, comments, this.context, neighbours) };
  }

  /** What is written once every memory is in, paths relative to data/. */
  finish(): { path: string; text: string }[] {
    return [
      { path: bagPaths.site.slice('data/'.length), text: indexPage(this.entries, this.context) },
      { path: SITE_STYLESHEET_PATH, text: siteStylesheet() },
    ];
  }
}

export interface BagOptions {
  media: MediaStore;
  /** Where the zip is stored (archives/{id}.zip). */
  fileKey: string;
  /** The zip's one folder: its file name without .zip (RFC 8493 §4.2). */
  baseName: string;
  exportedAt: Date;
  /** "Heirloom 0.1.0". */
  generator: string;
  /** A folder of the job's own, removed by the caller. */
  workDir: string;
  /** Whose archive it is (the family's name, or the person's), the index page's heading. */
  title: string;
  log: ArchiveLog;
  signal: AbortSignal;
  /** 0–1: media bytes read (both passes) and memories written. */
  onProgress(fraction: number): void | Promise<void>;
}

export interface WrittenBag {
  /** The zip's size. */
  bytes: number;
  counts: ArchiveCounts;
}

/** The extension a file takes under data/media/, from its checked type; else its storage key's. */
const extensionByType: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/heic': 'heic',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
};

export function mediaExtension(mimeType: string, storageKey: string): string {
  const known = extensionByType[mimeType.split(';')[0]!.trim().toLowerCase()];
  if (known) return known;
  // archiveFile's path allows 2–5 letters or digits.
  const own = /\.([a-z0-9]{2,5})$/.exec(storageKey)?.[1];
  return own ?? 'bin';
}

/**
 * `heirloom-{family or person}-{yyyy-MM-dd}.zip`: the download's name and, without .zip, the
 * bag's folder. Letters of any script are kept (zip names and Content-Disposition are UTF-8);
 * everything else between them becomes one '-'.
 */
export function everythingArchiveName(ownerName: string | null, day: Date): string {
  const slug = (ownerName ?? '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = [...slug].slice(0, 60).join('').replace(/-+$/, '');
  return `heirloom-${cut || 'family'}-${day.toISOString().slice(0, 10)}.zip`;
}

/** `1.2 GB`, for Bag-Size (RFC 8493 §2.2.2: a human-readable size). */
function readableSize(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < units.length - 1) {
    size /= 1000;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${size.toFixed(1)} ${units[unit]}`;
}

/** A text file in the work folder, hashed and counted as it is written, with the stream's backpressure. */
class HashedFile {
  readonly path: string;
  private readonly hash: Hash = createHash('sha256');
  private readonly out: WriteStream;
  bytes = 0;

  constructor(workDir: string, name: string) {
    this.path = join(workDir, name);
    this.out = createWriteStream(this.path);
  }

  async write(text: string): Promise<void> {
    const chunk = Buffer.from(text, 'utf8');
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  async close(): Promise<string> {
    this.out.end();
    await once(this.out, 'finish');
    return this.hash.digest('hex');
  }

  /** Closes it if still open (a failed attempt), so the work folder can be removed. */
  discard(): void {
    this.out.destroy();
  }
}

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const jsonLine = (value: unknown) => `${JSON.stringify(value)}\n`;

/** The zip on its way into the store, and what the bag's manifests will say of it. */
class BagZip {
  private readonly zip = new ZipFile();
  private readonly stored: Promise<{ size: number }>;
  /** Entries added and not yet written, each settled when written or when the zip fails. */
  private readonly waiting: { written: Promise<void>; settle: () => void }[] = [];
  private failure: Error | null = null;
  /** The stored file the zip is reading now: `.pipe` does not destroy its source, so a failure does. */
  private reading: Readable | null = null;
  private readonly failed: Promise<never>;
  private fail!: (error: Error) => void;

  constructor(
    private readonly options: BagOptions,
    private readonly counted: (bytes: number) => void,
  ) {
    this.failed = new Promise<never>((_, reject) => {
      this.fail = (error) => {
        if (this.failure) return;
        this.failure = error;
        reject(error);
        for (const entry of this.waiting) entry.settle();
        this.reading?.destroy();
        // The store's put rejects and keeps nothing of a zip cut short.
        (this.zip.outputStream as Readable).destroy(error);
      };
    });
    this.failed.catch(() => undefined);
    this.zip.on('error', (error: Error) => this.fail(error));
    this.stored = options.media.put(options.fileKey, this.zip.outputStream as Readable, { contentType: 'application/zip' });
    this.stored.catch((error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))));
    options.signal.addEventListener('abort', () => this.fail(abortReason(options.signal)), { once: true });
  }

  /** Throws what ended the zip early, if anything did. */
  check(): void {
    if (this.failure) throw this.failure;
    if (this.options.signal.aborted) throw abortReason(this.options.signal);
  }

  private entryName(path: string): string {
    return `${this.options.baseName}/${path}`;
  }

  /**
   * Waits, when LOOKAHEAD entries are queued, for the oldest to be written. (Not a race with
   * `failed`: each race would leave a reaction on that never-settled promise, one per entry.)
   */
  private async makeRoom(): Promise<void> {
    this.check();
    while (this.waiting.length >= LOOKAHEAD) {
      await this.waiting[0]!.written;
      this.waiting.shift();
      this.check();
    }
  }

  /** An entry read from `open()` when its turn comes; `count`: its bytes count as progress. */
  async addStream(path: string, size: number, compress: boolean, open: () => Promise<Readable>, count = false): Promise<void> {
    await this.makeRoom();
    let written!: () => void;
    this.waiting.push({ written: new Promise<void>((resolve) => (written = resolve)), settle: () => written() });
    // yazl keeps each entry, and the function it was given, until the central directory is
    // written at the very end: the opener (and a page's bytes it holds) is let go once used.
    let opener: (() => Promise<Readable>) | null = open;
    this.zip.addReadStreamLazy(this.entryName(path), { compress, size, mtime: this.options.exportedAt }, (deliver) => {
      const take = opener!;
      opener = null;
      take().then(
        (body) => {
          if (this.failure) {
            body.destroy();
            return;
          }
          this.reading = body;
          body.once('close', () => {
            if (this.reading === body) this.reading = null;
          });
          const counter = new Transform({
            transform: (chunk: Buffer, _encoding, done) => {
              if (count) this.counted(chunk.length);
              done(null, chunk);
            },
          });
          body.once('error', (error) => counter.destroy(error));
          counter.once('error', (error) => this.fail(error));
          counter.once('end', written);
          deliver(null, body.pipe(counter));
        },
        (error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))),
      );
    });
  }

  /**
   * Small text, entered as a stream all the same: yazl writes a buffer's entry without waiting
   * for the store, so thousands of pages of memories without media would pile up in memory
   * ahead of a slow upload; a stream entry waits its turn under LOOKAHEAD and backpressure.
   */
  addBuffer(path: string, bytes: Buffer): Promise<void> {
    return this.addStream(path, bytes.length, true, async () => Readable.from([bytes]));
  }

  /** Ends the zip and waits for the store to hold all of it. */
  async finish(): Promise<number> {
    this.check();
    this.zip.end();
    const { size } = await Promise.race([this.stored, this.failed]);
    return size;
  }

  /** After a failure: the store's put settled, so nothing is left writing. */
  async abandon(error: unknown): Promise<void> {
    this.fail(error instanceof Error ? error : new Error(String(error)));
    await this.stored.catch(() => undefined);
  }
}

const abortReason = (signal: AbortSignal) => (signal.reason instanceof Error ? signal.reason : new Error('The archive was stopped'));

/**
 * Writes `gathered` as a bag into the store at options.fileKey. A file missing from storage
 * is left out of its record's files (and a voice or answer naming it names nothing), with a
 * warning in the log, as a single memory's export does: a family's archive is not refused
 * for one lost recording, and no record ever points at a file the bag does not hold, so the
 * bag still verifies and imports. Rejects, leaving nothing stored, on anything else.
 */
export async function writeBag(gathered: Gathered, options: BagOptions): Promise<WrittenBag> {
  const { media, log, workDir } = options;
  const totalUnits = 2 * gathered.totals.fileBytes + gathered.totals.memories * MEMORY_WEIGHT;
  let doneUnits = 0;
  const advance = (units: number) => {
    doneUnits += units;
    if (totalUnits > 0) void options.onProgress(Math.min(1, doneUnits / totalUnits));
  };
  const zip = new BagZip(options, advance);
  const manifest = new HashedFile(workDir, 'manifest-sha256.txt');
  const streamed = { memories: new HashedFile(workDir, 'memories.jsonl'), comments: new HashedFile(workDir, 'comments.jsonl') };
  /** Each distinct file's path under data/, by its SHA-256. */
  const seen = new Map<string, string>();
  const payload = { octets: 0, files: 0 };

  /** A payload file entered: counted for Payload-Oxum and named in the manifest. */
  const listed = async (path: string, sha256: string, bytes: number) => {
    payload.octets += bytes;
    payload.files += 1;
    await manifest.write(`${sha256}  data/${path}\n`);
  };

  const addPage = async (page: { path: string; html: string }) => {
    const bytes = Buffer.from(page.html, 'utf8');
    await zip.addBuffer(`data/${page.path}`, bytes);
    await listed(page.path, sha256Of(bytes), bytes.length);
  };

  /** A stored file named by its hash and entered once; null (and a warning) when storage no longer has it. */
  const addMedia = async (pending: PendingFile): Promise<ArchiveFile | null> => {
    const { storageKey, ...file } = pending;
    const first = await media.get(storageKey);
    if (!first) {
      log.warn({ mediaId: pending.mediaId, storageKey }, 'A file is missing from storage; the archive of everything leaves it out');
      return null;
    }
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of first.body as AsyncIterable<Buffer>) {
      hash.update(chunk);
      bytes += chunk.length;
      advance(chunk.length);
      zip.check();
    }
    const sha256 = hash.digest('hex');
    let path = seen.get(sha256);
    if (path === undefined) {
      path = `media/${sha256}.${mediaExtension(pending.mimeType, storageKey)}`;
      seen.set(sha256, path);
      const read = async () => {
        const again = await media.get(storageKey);
        // Its entry has begun: the attempt fails and the next one starts over without it.
        if (!again) throw new Error(`The file ${storageKey} disappeared while the archive was being written`);
        return again.body;
      };
      await zip.addStream(`data/${path}`, bytes, false, read, true);
      await listed(path, sha256, bytes);
    } else {
      // The second copy is not read again: its share of the progress is done.
      advance(bytes);
    }
    return { ...file, sha256, path, bytes };
  };

  try {
    const people: PersonRecord[] = [];
    for (const person of gathered.people) people.push({ ...person, avatar: person.avatar ? await addMedia(person.avatar) : null });
    const site = new BagSite(options.title, options.exportedAt, gathered, people);

    const counts: ArchiveCounts = {
      people: people.length,
      families: gathered.families.length,
      timelines: gathered.timelines.length,
      memberships: gathered.memberships.length,
      memories: 0,
      comments: 0,
      questions: gathered.questions.length,
      storytellers: gathered.storytellers.length,
      files: 0,
    };

    for await (const { memory: gatheredMemory, comments: gatheredComments } of gathered.memories(options.signal)) {
      zip.check();
      const files: ArchiveFile[] = [];
      for (const pending of gatheredMemory.files) {
        const file = await addMedia(pending);
        if (file) files.push(file);
      }
      const held = new Set(files.map((file) => file.mediaId));
      const memory: MemoryRecord = {
        ...gatheredMemory,
        files,
        voiceMediaId: gatheredMemory.voiceMediaId !== null && held.has(gatheredMemory.voiceMediaId) ? gatheredMemory.voiceMediaId : null,
        followUps: gatheredMemory.followUps.map((followUp) => ({
          ...followUp,
          voiceMediaId: followUp.voiceMediaId !== null && held.has(followUp.voiceMediaId) ? followUp.voiceMediaId : null,
        })),
      };
      const comments: CommentRecord[] = [];
      for (const comment of gatheredComments) comments.push({ ...comment, voice: comment.voice ? await addMedia(comment.voice) : null });

      await streamed.memories.write(jsonLine(memory));
      for (const comment of comments) await streamed.comments.write(jsonLine(comment));
      // A page is small: it enters the zip between one memory's files and the next one's.
      const page = site.add(memory, comments);
      if (page) await addPage(page);
      counts.memories += 1;
      counts.comments += comments.length;
      advance(MEMORY_WEIGHT);
    }
    const lastPage = site.last();
    if (lastPage) await addPage(lastPage);
    counts.files = seen.size;

    // The records, in the order an import reads them.
    const small: Record<Exclude<RecordFile, 'memories' | 'comments'>, unknown[]> = {
      people,
      families: gathered.families,
      timelines: gathered.timelines,
      memberships: gathered.memberships,
      questions: gathered.questions,
      storytellers: gathered.storytellers,
    };
    for (const name of recordFiles) {
      const path = bagPaths.records(name).slice('data/'.length);
      if (name === 'memories' || name === 'comments') {
        const file = streamed[name];
        const sha256 = await file.close();
        await zip.addStream(`data/${path}`, file.bytes, true, async () => createReadStream(file.path));
        await listed(path, sha256, file.bytes);
        continue;
      }
      const bytes = Buffer.from(small[name].map(jsonLine).join(''), 'utf8');
      await zip.addBuffer(`data/${path}`, bytes);
      await listed(path, sha256Of(bytes), bytes.length);
    }

    const header: ArchiveHeader = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exportedAt: options.exportedAt.toISOString(),
      exportedBy: gathered.exporter,
      generator: options.generator,
      counts,
    };
    const texts: { path: string; text: string }[] = [
      { path: bagPaths.header.slice('data/'.length), text: `${JSON.stringify(header, null, 2)}\n` },
      { path: bagPaths.schema.slice('data/'.length), text: `${JSON.stringify(archiveJsonSchema(), null, 2)}\n` },
      ...site.finish(),
    ];
    for (const { path, text } of texts) {
      const bytes = Buffer.from(text, 'utf8');
      await zip.addBuffer(`data/${path}`, bytes);
      await listed(path, sha256Of(bytes), bytes.length);
    }

    // The tag files (RFC 8493 §2.1, §2.2.2, §2.2.1), then the tag manifest naming them.
    const manifestSha = await manifest.close();
    await zip.addStream(bagPaths.manifest, manifest.bytes, true, async () => createReadStream(manifest.path));
    const declaration = Buffer.from('BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n', 'utf8');
    const info = Buffer.from(bagInfo(gathered.exporter.displayName, options.exportedAt, payload), 'utf8');
    await zip.addBuffer(bagPaths.declaration, declaration);
    await zip.addBuffer(bagPaths.info, info);
    const tagManifest = [
      `${sha256Of(declaration)}  ${bagPaths.declaration}`,
      `${sha256Of(info)}  ${bagPaths.info}`,
      `${manifestSha}  ${bagPaths.manifest}`,
    ].join('\n');
    await zip.addBuffer(bagPaths.tagManifest, Buffer.from(`${tagManifest}\n`, 'utf8'));
    return { bytes: await zip.finish(), counts };
  } catch (error) {
    await zip.abandon(error);
    for (const file of [manifest, streamed.memories, streamed.comments]) file.discard();
    throw error;
  }
}

/** bag-info.txt (RFC 8493 §2.2.2): one `Label: value` a line; a name is kept to one line. */
function bagInfo(exporterName: string, exportedAt: Date, payload: { octets: number; files: number }): string {
  const name = exporterName.replace(/[\r\n]+/g, ' ').trim();
  const day = exportedAt.toISOString().slice(0, 10);
  return [
    'Source-Organization: Heirloom',
    `Bagging-Date: ${day}`,
    `External-Description: Everything ${name} could see in Heirloom on ${day}: memories, comments, photos, videos and recordings. Open data/index.html to read them; data/records holds them as JSON lines (data/records/schema.json).`,
    `Payload-Oxum: ${payload.octets}.${payload.files}`,
    `Bag-Size: ${readableSize(payload.octets)}`,
    '',
  ].join('\n');
}

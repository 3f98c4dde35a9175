// The `local` driver: one file per key under DATA_DIR/media, for the single-machine setup.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat as statPath, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertMediaKey, isMediaKey, mediaFolders } from './keys.js';
import type { ByteRange, ListedObject, MediaStat, MediaStore, StoredObject } from './types.js';

/** Bytes being written live here until complete; a leading dot keeps them out of every key. */
const TEMP_FOLDER = '.tmp';
/** A temp file this old belongs to a process that died mid-write (uploads finish in minutes). */
const STALE_TEMP_MS = 24 * 60 * 60_000;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

export class LocalMediaStore implements MediaStore {
  readonly driver = 'local' as const;
  readonly root: string;
  private readonly tempDir: string;

  constructor(root: string) {
    this.root = resolve(root);
    this.tempDir = join(this.root, TEMP_FOLDER);
  }

  /** The file of `key`; the key pattern already rules out `..`, but the path is checked again. */
  private pathOf(key: string): string {
    assertMediaKey(key);
    const path = resolve(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error('A media key resolved outside the media folder');
    return path;
  }

  async put(key: string, body: Readable, _options: { contentType: string }): Promise<MediaStat> {
    let temp: string | null = null;
    try {
      const target = this.pathOf(key);
      await mkdir(this.tempDir, { recursive: true });
      await mkdir(dirname(target), { recursive: true });
      // Written beside the target's file system and renamed into place only when whole: a
      // failed or aborted stream leaves nothing under the key (DESIGN "Nothing lost").
      temp = join(this.tempDir, `${randomUUID()}.part`);
      const size = await writeDurably(temp, body);
      await rename(temp, target);
      temp = null;
      await syncFolder(dirname(target));
      return { size };
    } catch (error) {
      // Whoever feeds `body` must not wait forever on a store that gave up.
      body.destroy();
      if (temp) await rm(temp, { force: true });
      throw error;
    }
  }

  async get(key: string, range?: ByteRange): Promise<StoredObject | null> {
    const path = this.pathOf(key);
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      if (range && !(range.start >= 0 && range.start <= range.end && range.end < size)) {
        throw new RangeError(`Range ${range.start}-${range.end} is outside ${size} bytes`);
      }
      // Reading through the handle opened above: a delete in between cannot break the stream.
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { body, size, range: range ?? null };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<MediaStat | null> {
    try {
      const info = await statPath(this.pathOf(key));
      return info.isFile() ? { size: info.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** One rename: atomic, so of two moves of the same key one finds it and the other finds nothing. */
  async move(from: string, to: string): Promise<MediaStat | null> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(source, target);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    await syncFolder(dirname(target));
    if (dirname(source) !== dirname(target)) await syncFolder(dirname(source));
    return this.stat(to);
  }

  async *list(): AsyncIterable<ListedObject> {
    // Keys are `{folder}/{name}`: one level under each known folder is all there is to walk.
    for (const folder of mediaFolders) {
      let names: string[];
      try {
        names = await readdir(join(this.root, folder));
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      for (const name of names) {
        const key = `${folder}/${name}`;
        if (!isMediaKey(key)) continue;
        // A file removed between readdir and stat is simply no longer there.
        const info = await statPath(join(this.root, folder, name)).catch(() => null);
        if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
      }
    }
  }

  /**
   * Removes the partial files of writes begun before `writtenBefore` and never finished (a
   * process that stopped mid-write). By default only those older than any upload can be, since
   * another process (an operator's tool) may be writing now.
   */
  async sweepTemp(writtenBefore = new Date(Date.now() - STALE_TEMP_MS)): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.tempDir);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const name of names) {
      const path = join(this.tempDir, name);
      const info = await statPath(path).catch(() => null);
      if (info && info.mtimeMs < writtenBefore.getTime()) await rm(path, { force: true });
    }
  }
}

/** Streams `body` into a new file and flushes it: durable before it becomes visible. */
async function writeDurably(path: string, body: Readable): Promise<number> {
  const handle = await open(path, 'wx', 0o600);
  const file = new FileSink(handle);
  try {
    await pipeline(body, file);
    return file.size;
  } finally {
    // close() itself waits for a write still in flight after a failure.
    await file.settled();
    await handle.close();
  }
}

/** Chunks wait here while the previous batch is written (memory stays near this). */
const WRITE_BATCH_BYTES = 4 * 1024 * 1024;
/** How often the disk is asked to start on what it has, so the final fsync finds little left. */
const EARLY_SYNC_BYTES = 32 * 1024 * 1024;
const ignore = () => undefined;

/**
 * A file as a stream's destination, written at the pace of the disk without holding the
 * network up: while one batch is being written the next chunks gather (Writable hands them
 * over together to _writev, uncopied), and flushing to disk starts while bytes still
 * arrive rather than all at the end.
 */
class FileSink extends Writable {
  size = 0;
  private sinceSync = 0;
  private syncing: Promise<void> | null = null;

  constructor(private readonly handle: FileHandle) {
    super({ highWaterMark: WRITE_BATCH_BYTES });
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this._writev([{ chunk, encoding }], done);
  }

  override _writev(chunks: { chunk: Buffer; encoding: BufferEncoding }[], done: (error?: Error | null) => void): void {
    const buffers = chunks.map(({ chunk }) => chunk);
    const total = buffers.reduce((sum, buffer) => sum + buffer.length, 0);
    writeBatch(this.handle, buffers, total).then(() => {
      this.size += total;
      this.startEarlySync(total);
      done();
    }, done);
  }

  override _final(done: (error?: Error | null) => void): void {
    Promise.resolve(this.syncing)
      .then(() => this.handle.sync())
      .then(() => done(), done);
  }

  /** Waits for an early sync still running, failed or not. */
  async settled(): Promise<void> {
    await this.syncing?.catch(ignore);
  }

  private startEarlySync(written: number): void {
    this.sinceSync += written;
    if (this.sinceSync < EARLY_SYNC_BYTES || this.syncing) return;
    this.sinceSync = 0;
    // A failed sync stays in `syncing` for _final to report: a later fsync may succeed after
    // the kernel dropped the pages it could not write, and must not hide the loss.
    const started: Promise<void> = this.handle.datasync().then(() => {
      if (this.syncing === started) this.syncing = null;
    });
    started.catch(ignore);
    this.syncing = started;
  }
}

/** One writev for the batch (no copying); a short write finishes with plain writes. */
async function writeBatch(handle: FileHandle, buffers: Buffer[], total: number): Promise<void> {
  const { bytesWritten } = await handle.writev(buffers);
  if (bytesWritten === total) return;
  await writeAll(handle, Buffer.concat(buffers, total).subarray(bytesWritten));
}

async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, offset);
    offset += bytesWritten;
  }
}

/**
 * The rename itself is durable only once the folder's entry is on disk. Best effort: some
 * file systems refuse fsync on a folder, and the object is already whole either way.
 */
async function syncFolder(path: string): Promise<void> {
  try {
    const folder = await open(path, 'r');
    await folder.sync().finally(() => folder.close());
  } catch {
    // See above: never fail an upload that is already complete.
  }
}

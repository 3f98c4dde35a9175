// One attempt at a row's file (made-for-a-row.ts makeRowFile), on the local store: what is
// stored, what is thrown away and when, and that the work folder never outlives the attempt.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMediaStore } from '../providers/storage/index.js';
import type { MediaStore } from '../providers/storage/types.js';
import { makeRowFile, type RowFileWork } from './made-for-a-row.js';

const FILE_KEY = `books/${randomUUID()}.pdf`;
const quiet = { warn: () => undefined };

describe('makeRowFile', () => {
  let dataDir: string;
  let media: MediaStore;
  let rowThere: boolean;
  let progressWrites: number[];
  let workDirs: string[];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'heirloom-row-file-'));
    media = await createMediaStore({ storage: 'local', dataDir });
    rowThere = true;
    progressWrites = [];
    workDirs = [];
  });
  afterEach(async () => {
    media.close?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Stores the file from the work folder, as the book's render does. */
  async function storeFrom(work: RowFileWork, text: string) {
    workDirs.push(work.workDir);
    const path = join(work.workDir, 'made.pdf');
    await writeFile(path, text);
    await media.put(FILE_KEY, Readable.from([Buffer.from(text)]), { contentType: 'application/pdf' });
    return text;
  }

  const attempt = (overrides: Partial<Parameters<typeof makeRowFile<string>>[0]>) =>
    makeRowFile<string>({
      media,
      fileKey: FILE_KEY,
      workDirPrefix: 'heirloom-row-file-work-',
      jobSignal: new AbortController().signal,
      progress: {
        now: () => new Date(),
        write: async (percent) => {
          progressWrites.push(percent);
          return rowThere;
        },
        log: quiet,
        about: {},
      },
      produce: (work) => storeFrom(work, 'a book'),
      commit: async () => rowThere,
      rowExists: async () => rowThere,
      ...overrides,
    });

  it('keeps the file once the row is marked ready, and removes its work folder', async () => {
    const committed: string[] = [];
    await attempt({
      commit: async (made) => {
        committed.push(made);
        return true;
      },
    });
    expect(committed).toEqual(['a book']);
    expect(await media.exists(FILE_KEY)).toBe(true);
    expect(workDirs).toHaveLength(1);
    expect(existsSync(workDirs[0]!)).toBe(false);
  });

  it('commits nothing when there is nothing to make', async () => {
    let commits = 0;
    await attempt({
      produce: async (work) => {
        workDirs.push(work.workDir);
        return null;
      },
      commit: async () => ++commits > 0,
    });
    expect(commits).toBe(0);
    expect(await media.exists(FILE_KEY)).toBe(false);
    expect(existsSync(workDirs[0]!)).toBe(false);
  });

  it('removes the stored file when the row went between the work and its commit', async () => {
    await attempt({ commit: async () => false });
    expect(await media.exists(FILE_KEY)).toBe(false);
  });

  it('stops the work and ends quietly when a progress write finds the row gone', async () => {
    let sawAbort = false;
    await attempt({
      produce: async (work) => {
        await storeFrom(work, 'half a book');
        rowThere = false;
        await work.onProgress(0.5);
        sawAbort = work.signal.aborted;
        // A renderer told to stop throws, as the book's child process does.
        throw new Error('render stopped');
      },
    });
    expect(progressWrites).toEqual([50]);
    expect(sawAbort).toBe(true);
    expect(await media.exists(FILE_KEY)).toBe(false);
    expect(existsSync(workDirs[0]!)).toBe(false);
  });

  it('throws a failure while the row is there, for the runner to try again, and removes its work folder', async () => {
    await expect(
      attempt({
        produce: async (work) => {
          workDirs.push(work.workDir);
          throw new Error('the disk is full');
        },
      }),
    ).rejects.toThrow('the disk is full');
    expect(existsSync(workDirs[0]!)).toBe(false);
  });

  it('ends quietly on a failure once the row is gone, removing what was stored', async () => {
    await attempt({
      produce: async (work) => {
        await storeFrom(work, 'a book');
        rowThere = false;
        throw new Error('the book row went');
      },
    });
    expect(await media.exists(FILE_KEY)).toBe(false);
  });

  it("passes the job's stop to the work, and throws it rather than committing", async () => {
    const job = new AbortController();
    let commits = 0;
    await expect(
      attempt({
        jobSignal: job.signal,
        produce: async (work) => {
          await storeFrom(work, 'a book');
          job.abort(new Error('this instance is stopping'));
          expect(work.signal.aborted).toBe(true);
          return 'a book';
        },
        commit: async () => ++commits > 0,
      }),
    ).rejects.toThrow('this instance is stopping');
    expect(commits).toBe(0);
  });
});

// What the archive of everything's tests share: its calls, its rows and jobs, a ready archive
// made straight in the database (tests may write any table), a runner of its jobs with a
// gathering of the test's choosing, and a bag read back: its folder, its entries, its
// manifests checked against the bytes.
import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import { JobRunner, jobsOf } from '../../jobs/index.js';
import { keptLog } from '../../jobs/test-support.js';
import type { TestApp } from '../../test/app.js';
import type { MadeUser } from '../../test/factories.js';
import type { ArchiveLog } from '../gather.js';
import { unzip, type UnzippedEntry } from '../test-support.js';
import type { gatherEverything } from './gather.js';
import { EVERYTHING_ARCHIVE_KIND, everythingArchiveHandler, everythingArchiveKey } from './job.js';

export function archiveCalls(t: TestApp) {
  const headers = (who?: MadeUser, more: Record<string, string> = {}) => ({ ...(who ? { cookie: who.cookie } : {}), ...more });
  return {
    create: (who?: MadeUser): Promise<LightMyRequestResponse> => t.app.inject({ method: 'POST', url: '/api/archives/everything', headers: headers(who) }),
    list: (who?: MadeUser): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url: '/api/archives', headers: headers(who) }),
    get: (id: string, who?: MadeUser): Promise<LightMyRequestResponse> => t.app.inject({ method: 'GET', url: `/api/archives/${id}`, headers: headers(who) }),
    file: (id: string, who?: MadeUser, more?: Record<string, string>): Promise<LightMyRequestResponse> =>
      t.app.inject({ method: 'GET', url: `/api/archives/${id}/file`, headers: headers(who, more) }),
    remove: (id: string, who?: MadeUser): Promise<LightMyRequestResponse> => t.app.inject({ method: 'DELETE', url: `/api/archives/${id}`, headers: headers(who) }),
  };
}

export const archiveRow = (t: TestApp, id: string) => t.ctx.db.selectFrom('archives').selectAll().where('id', '=', id).executeTakeFirst();
export const archiveRowsOf = (t: TestApp, userId: string) => t.ctx.db.selectFrom('archives').selectAll().where('requested_by', '=', userId).execute();
export const archiveJobs = (t: TestApp) => jobsOf(t.ctx.db, { kind: EVERYTHING_ARCHIVE_KIND });

/** Some bytes standing for a zip: the download's tests need bytes, not a bag. */
export const STAND_IN_ZIP = Buffer.from(Array.from({ length: 5000 }, (_, index) => (index * 7919) % 251));

/** An archive of `owner`'s, ready, its "zip" in the store, as its job would have left it. */
export async function makeReadyArchive(t: TestApp, owner: MadeUser, bytes: Buffer = STAND_IN_ZIP): Promise<{ id: string }> {
  const id = randomUUID();
  const at = t.ctx.now().toISOString();
  const fileKey = everythingArchiveKey(id);
  await t.ctx.media.put(fileKey, Readable.from([bytes]), { contentType: 'application/zip' });
  await t.ctx.db
    .insertInto('archives')
    .values({ id, requested_by: owner.user.id, status: 'ready', progress: 100, bytes: bytes.length, counts: null, file_key: fileKey, error: null, created_at: at, updated_at: at })
    .execute();
  return { id };
}

/**
 * A runner of archive jobs alone, with `gather` (default the real one), on the app's clock;
 * `settle` runs them to their end, moving the clock past each back-off; `log` keeps its lines.
 */
export function archiveRunner(t: TestApp, gather?: typeof gatherEverything) {
  const log = keptLog();
  const handler = everythingArchiveHandler(t.ctx, { gather, log: log as unknown as ArchiveLog });
  const runner = new JobRunner({ db: t.ctx.db, log, handlers: { [EVERYTHING_ARCHIVE_KIND]: handler }, now: () => t.ctx.now() });
  return {
    runner,
    log,
    async settle() {
      for (let round = 0; round < 10; round++) {
        await runner.drain();
        if ((await jobsOf(t.ctx.db, { kind: EVERYTHING_ARCHIVE_KIND, state: 'queued' })).length === 0) return;
        t.advance(60 * 60_000);
      }
      throw new Error('Archive jobs still queued after 10 rounds');
    },
  };
}

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A bag read back: its one folder, and its files by their path inside that folder. */
export interface ReadBag {
  folder: string;
  entries: UnzippedEntry[];
  files: Map<string, Buffer>;
  text(path: string): string;
  /** Each line of a records file, parsed. */
  records(name: string): unknown[];
}

export async function readBag(zip: Buffer): Promise<ReadBag> {
  const entries = await unzip(zip);
  const folders = new Set(entries.map((entry) => entry.name.split('/')[0]!));
  if (folders.size !== 1) throw new Error(`A bag is one folder; this zip holds ${[...folders].join(', ')}`);
  const [folder] = [...folders] as [string];
  const files = new Map(entries.map((entry) => [entry.name.slice(folder.length + 1), entry.bytes]));
  const text = (path: string) => {
    const bytes = files.get(path);
    if (!bytes) throw new Error(`The bag has no ${path}`);
    return bytes.toString('utf8');
  };
  return {
    folder,
    entries,
    files,
    text,
    records: (name) =>
      text(`data/records/${name}.jsonl`)
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as unknown),
  };
}

/** The lines of a BagIt manifest as [sha256, path]. */
export const manifestLines = (text: string): [string, string][] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
      if (!match) throw new Error(`Not a manifest line: ${line}`);
      return [match[1]!, match[2]!];
    });

// The job that makes an archive of everything (issue 25; DESIGN "Yours to keep", "Work that
// outlives a request"): gathers what the requester may view now (gather.ts), writes the bag
// straight into the store at archives/{id}.zip (bag.ts), then marks it ready with its notice
// and removes the requester's older ready archives, in one transaction. Each attempt is a row's
// file as jobs/made-for-a-row.ts makes one: from nothing, and thrown away quietly when the
// archive is deleted meanwhile.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { messages } from '../../../common/messages.js';
import { displayNameOf } from '../../../common/people.js';
import { iso, type AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { familyNameOf } from '../../families/index.js';
import { madeForARow, makeRowFile, type JobHandler } from '../../jobs/index.js';
import { packageRoot } from '../../paths.js';
import type { ArchiveLog } from '../gather.js';
import { everythingArchiveName, writeBag } from './bag.js';
import { gatherEverything } from './gather.js';
import * as queries from './queries.js';

export const EVERYTHING_ARCHIVE_KIND = 'archive.everything';

/** Where an archive's zip is kept: one per archive, so a retry writes over its own and a delete knows it. */
export const everythingArchiveKey = (archiveId: string) => `archives/${archiveId}.zip`;

/** Reading a family's every file twice takes a while: a few attempts, far apart, are enough. */
const MAX_ATTEMPTS = 3;

export interface EverythingArchiveJobOptions {
  /** What the archive holds; tests hand in one that fails, waits or holds what they made by hand. */
  gather?: typeof gatherEverything;
  log?: ArchiveLog;
}

/** The handler of 'archive.everything' jobs (payload {archiveId}), for app.ts. */
export function everythingArchiveHandler(ctx: AppContext, { gather = gatherEverything, log = quietLog }: EverythingArchiveJobOptions = {}): JobHandler {
  // A bag reads every file of the family twice: its lease is renewed while it runs (jobs/runner.ts).
  return madeForARow({
    maxAttempts: MAX_ATTEMPTS,
    idOf: (payload) => String(payload.archiveId),
    make: (archiveId, signal) => makeArchive(ctx, archiveId, signal, gather, log),
    markWaiting: (archiveId) => queries.markWaiting(ctx.db, archiveId, iso(ctx.now())),
    markFailed: (archiveId) => queries.markFailed(ctx.db, archiveId, messages.everythingArchiveFailed, iso(ctx.now())),
  });
}

const quietLog: ArchiveLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

let version: string | undefined;
/** "Heirloom 0.1.0": the program that wrote the bag (heirloom.json's generator). */
export function generatorName(): string {
  version ??= (JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8')) as { version: string }).version;
  return `Heirloom ${version}`;
}

/**
 * Whose archive it is, for its name and its index page: the family's name, else the person's
 * (never their e-mail address, which would end up in a file name); null when there is neither.
 */
export async function archiveOwnerName(ctx: AppContext, requester: UserRow): Promise<string | null> {
  const family = (await familyNameOf(ctx.db, requester.id))?.trim();
  if (family) return family;
  const person = displayNameOf({ displayName: requester.display_name, firstName: requester.first_name, lastName: requester.last_name }, '');
  return person || null;
}

async function makeArchive(ctx: AppContext, archiveId: string, jobSignal: AbortSignal, gather: typeof gatherEverything, log: ArchiveLog): Promise<void> {
  const archive = await queries.beginWorking(ctx.db, archiveId, iso(ctx.now()));
  // Deleted before its turn, or made already by an earlier run: nothing to do.
  if (!archive) return;
  // The requester's account is gone (the archive goes with it by cascade).
  const requester = await queries.userById(ctx.db, archive.requested_by);
  if (!requester) return;
  const fileKey = everythingArchiveKey(archiveId);
  await makeRowFile({
    media: ctx.media,
    fileKey,
    workDirPrefix: 'heirloom-archive-',
    jobSignal,
    progress: { now: () => ctx.now(), write: (percent) => queries.setProgress(ctx.db, archiveId, percent, iso(ctx.now())), log, about: { archiveId } },
    // The bag is written straight into the store, at fileKey.
    produce: async ({ workDir, signal, onProgress }) => {
      const gathered = await gather(ctx, requester, signal);
      const owner = await archiveOwnerName(ctx, requester);
      const fileName = everythingArchiveName(owner, new Date(archive.created_at));
      return writeBag(gathered, {
        media: ctx.media,
        fileKey,
        baseName: fileName.replace(/\.zip$/, ''),
        exportedAt: ctx.now(),
        generator: generatorName(),
        workDir,
        title: owner ?? gathered.exporter.displayName,
        log,
        signal,
        onProgress,
      });
    },
    commit: async (bag) => {
      const at = iso(ctx.now());
      const { ready, replaced } = await ctx.db.transaction().execute(async (trx) => {
        const marked = await queries.markReady(trx, archiveId, { bytes: bag.bytes, counts: JSON.stringify(bag.counts), fileKey, at });
        if (!marked) return { ready: false, replaced: [] };
        await ctx.events.emit('archive.ready', { archiveId, requestedBy: requester.id, at }, trx);
        return { ready: true, replaced: await queries.deleteOtherReady(trx, requester.id, archiveId) };
      });
      // One kept per person: the older ones' rows went with this one's commit, their files now.
      for (const older of replaced) await ctx.media.delete(older.file_key ?? everythingArchiveKey(older.id));
      return ready;
    },
    rowExists: async () => (await queries.findArchive(ctx.db, archiveId)) !== undefined,
  });
}

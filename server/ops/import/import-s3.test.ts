import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../providers/storage/test-support.js';
import { dialects } from '../../test/app.js';
import { filesOf, freshTarget, rowsOf, type Target } from '../test-support.js';
import { runImport, sampleArchive, storeFailingAfter, writeArchiveZip } from './test-support.js';

describe.each(dialects)('npm run import into an S3 bucket on %s', (dialect) => {
  let peer: S3Peer;
  let target: Target;
  let scratch: string;

  beforeAll(async () => {
    peer = await startS3Peer();
    target = freshTarget(dialect, peer.env);
    scratch = mkdtempSync(join(tmpdir(), 'heirloom-import-s3-'));
  });
  afterAll(async () => {
    await target.close();
    rmSync(scratch, { recursive: true, force: true });
    await peer.close();
  });

  it('stores every file in the bucket at its media row’s key, and a run cut short then run again leaves nothing else there', async () => {
    const archive = sampleArchive();
    const zip = await writeArchiveZip(scratch, 'heirloom-s3', archive);
    await expect(runImport([zip], target.env, { wrapStore: storeFailingAfter(3) })).rejects.toThrow('killed part way');
    const run = await runImport([zip], target.env);
    expect(run.says).toContain(`Importing into ${dialect === 'sqlite' ? 'the SQLite database' : `PostgreSQL (schema ${target.config.databaseSchema})`} and the S3 bucket ${peer.bucket}`);
    expect(run.code).toBe(0);

    const media = (await rowsOf(target.config)).media!;
    const files = await filesOf(target.config);
    expect([...files.keys()].sort()).toEqual(media.map((row) => row.storage_key as string).sort());
    for (const row of media) expect(files.get(row.storage_key as string)!.equals(archive.bytesOf.get(row.id as string)!)).toBe(true);
    expect((await peer.listAll()).sort()).toEqual([...files.keys()].sort());
  });
});

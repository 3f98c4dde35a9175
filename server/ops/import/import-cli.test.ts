import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../test/app.js';
import { freshTarget, rowsOf, runCli, type Target } from '../test-support.js';
import { sampleArchive, writeArchiveZip } from './test-support.js';

const ENTRY = 'server/ops/import/cli.ts';

describe.each(dialects)('npm run import as a process on %s', (dialect) => {
  let scratch: string;
  let target: Target;

  beforeAll(() => {
    scratch = mkdtempSync(join(tmpdir(), 'heirloom-import-cli-'));
    target = freshTarget(dialect);
  });
  afterAll(async () => {
    await target.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('exits 1 with the problems on stderr for a damaged archive, then 0 with its lines on stdout for a sound one', async () => {
    const archive = sampleArchive();
    const damaged = await writeArchiveZip(scratch, 'heirloom-damaged', archive, { damage: (entries) => entries.delete('data/heirloom.json') });
    const refused = await runCli(['archive', damaged], target.env, ENTRY);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('data/heirloom.json: in manifest-sha256.txt but missing from the archive');
    expect(refused.stderr).toContain('Nothing was imported');

    const sound = await writeArchiveZip(scratch, 'heirloom-sound', archive);
    const run = await runCli(['archive', sound], target.env, ENTRY);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Import complete.');
    expect((await rowsOf(target.config)).memories).toHaveLength(2);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryRecord } from '../../../common/archive-format.js';
import { listenUrlFor } from '../../listen/index.js';
import { dialects, makeTestApp, type TestApp } from '../../test/app.js';
import { makeMemory, makeUser } from '../../test/factories.js';
import { appOn, freshTarget, type Target } from '../test-support.js';
import { runImport, sampleArchive, writeArchiveZip } from './test-support.js';

describe.each(dialects)('a printed listen code after npm run import on %s', (dialect) => {
  let source: TestApp;
  let target: Target;
  let scratch: string;

  beforeAll(async () => {
    source = await makeTestApp(dialect);
    target = freshTarget(dialect);
    scratch = mkdtempSync(join(tmpdir(), 'heirloom-import-listen-'));
  });
  afterAll(async () => {
    await source.close();
    await target.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('plays on the importing instance: the archive kept its token’s hash, and the page and its voice answer 200', async () => {
    // The code as a book prints it, minted on the instance the family leaves.
    const { user } = await makeUser(source.ctx);
    const memory = await makeMemory(source.ctx, user);
    const url = await listenUrlFor(source.ctx, source.ctx.db, memory.id, user.id);
    const token = url.slice(url.lastIndexOf('/') + 1);
    const code = await source.ctx.db.selectFrom('listen_links').select(['id', 'token_hash']).where('memory_id', '=', memory.id).executeTakeFirstOrThrow();

    const archive = sampleArchive({ listenCode: { id: code.id, tokenSha256: code.token_hash } });
    const zip = await writeArchiveZip(scratch, 'heirloom-listen', archive);
    expect((await runImport([zip], target.env)).code).toBe(0);

    const served = await appOn(target.config);
    try {
      const page = await served.app.inject({ method: 'GET', url: `/api/listen/${token}` });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toMatchObject({ title: 'The summer at the lake', storyteller: { displayName: 'Rose' } });
      expect(page.json().recordings).toHaveLength(2);
      const voice = await served.app.inject({ method: 'GET', url: `/api/listen/${token}/recordings/0` });
      expect(voice.statusCode).toBe(200);
      const voiced = archive.records.memories[0] as MemoryRecord;
      expect(voice.rawPayload.equals(archive.bytesOf.get(voiced.voiceMediaId!)!)).toBe(true);
      expect((await served.app.inject({ method: 'GET', url: `/api/listen/${token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'))}` })).statusCode).toBe(404);
    } finally {
      await served.close();
    }

    // Another archive naming the same code under another id (a hash is unique): imported, the code left as it is.
    const other = sampleArchive({ listenCode: { id: randomUUID(), tokenSha256: code.token_hash } });
    const run = await runImport([await writeArchiveZip(scratch, 'heirloom-listen-again', other)], target.env);
    expect(run.code).toBe(0);
    expect(run.says.find((line) => line.startsWith('Already here'))).toMatch(/, 1 listen code$/);
    expect(run.says.find((line) => line.startsWith('Added'))).not.toMatch(/listen code/);
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MemoryRecord } from '../../../common/archive-format.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../../test/app.js';
import { makeUser } from '../../test/factories.js';
import { reservedEmailOf } from '../../users/index.js';
import { configOf, envOf, filesOf, freshTarget, rowsOf, type Row, type Target } from '../test-support.js';
import { resetLinkCommand } from '../reset-link-command.js';
import { keyOfFile } from './keys.js';
import { runImport, sampleArchive, storeFailingAfter, writeArchiveZip, type SampleArchive } from './test-support.js';

const byId = (rows: Row[] | undefined, id: string) => rows?.find((row) => row.id === id);

describe.each(dialects)('npm run import on %s', (dialect) => {
  let scratch: string;
  let sample: SampleArchive;
  let zip: string;
  /** The instance the clean import went into. */
  let clean: Target;
  const targets: Target[] = [];
  const newTarget = () => {
    const target = freshTarget(dialect);
    targets.push(target);
    return target;
  };

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'heirloom-import-test-'));
    sample = sampleArchive();
    zip = await writeArchiveZip(scratch, 'heirloom-rose-2026-11-20', sample);
    clean = newTarget();
  });
  afterAll(async () => {
    for (const target of targets) await target.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('brings an archive into an empty instance with its ids, authors, dates and files, and names who has no password', async () => {
    const run = await runImport([zip], clean.env);
    expect(run.complaints).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.says).toContain('Added: 4 people, 1 family, 1 timeline, 3 memberships, 2 memories, 2 comments, 1 question, 1 storyteller, 1 listen code, 6 files');
    expect(run.says).toContain('Created 2 people without a password: Rose (rose@example.org), Ann (ann@example.org).');
    expect(run.says.some((line) => line.includes('npm run user:reset-link -- EMAIL'))).toBe(true);

    const { ids } = sample;
    const rows = await rowsOf(clean.config);
    expect(rows.users!.map((user) => [user.id, user.email, user.password_hash])).toEqual(expect.arrayContaining([
      [ids.rose, 'rose@example.org', null],
      [ids.ann, 'ann@example.org', null],
      // No address was shown to the exporter, and a storyteller signs in with none: the reserved one.
      [ids.tom, reservedEmailOf(ids.tom), null],
      [ids.grandpa, reservedEmailOf(ids.grandpa), null],
    ]));
    expect(rows.users).toHaveLength(4);
    expect(Boolean(byId(rows.users, ids.grandpa)!.is_storyteller)).toBe(true);
    expect(byId(rows.users, ids.rose)!.family_id).toBe(ids.family);

    const voiced = sample.records.memories[0] as MemoryRecord;
    const voicedRow = byId(rows.memories, ids.voiced)!;
    expect(voicedRow).toMatchObject({ user_id: ids.rose, created_at: voiced.createdAt, updated_at: voiced.updatedAt, transcription_status: 'done', audience: 'timeline', family_id: ids.family });
    expect(voicedRow.audio_key).toBe(keyOfFile(voiced.files[1]!));
    expect(byId(rows.memories, ids.photo)).toMatchObject({ user_id: ids.tom, audience: 'people', audio_key: null, transcription_status: 'none' });
    expect(rows.memory_shares!.filter((share) => share.memory_id === ids.photo).map((share) => share.user_id).sort()).toEqual([ids.rose, ids.ann].sort());
    expect(rows.memory_tags!.map((tag) => tag.tag).sort()).toEqual(['lake', 'summer']);
    expect(rows.memory_timelines).toHaveLength(2);
    expect(rows.follow_up_responses).toEqual([expect.objectContaining({ memory_id: ids.voiced, audio_key: keyOfFile(voiced.files[2]!), transcription_status: 'done' })]);
    expect(rows.listen_links).toEqual([expect.objectContaining({ id: ids.listenCode, memory_id: ids.voiced, token_sealed: null, created_by: ids.rose })]);
    expect(byId(rows.comments, ids.comment)).toMatchObject({ user_id: ids.ann, transcription: 'I remember the cold water.', transcription_status: 'done' });
    expect(byId(rows.questions, ids.question)).toMatchObject({ for_user_id: ids.grandpa, answered_memory_id: ids.voiced });
    expect(rows.storytellers).toEqual([expect.objectContaining({ user_id: ids.grandpa, email: 'joe@example.org', reminder_weekday: 0, reminder_time: '10:00', reminder_tz: 'Europe/Paris', link_sealed: null })]);
    expect(rows.storytellers![0]!.link_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Boolean(byId(rows.timelines, ids.timeline)!.is_default)).toBe(true);

    // Every media row is the archive's id at a key made from it, and the store holds its bytes.
    const files = await filesOf(clean.config);
    expect(rows.media).toHaveLength(sample.bytesOf.size);
    for (const media of rows.media!) {
      expect(files.get(media.storage_key as string)?.equals(sample.bytesOf.get(media.id as string)!)).toBe(true);
    }
    expect(files.size).toBe(sample.bytesOf.size);
    expect(byId(rows.users, ids.rose)!.profile_image_key).toBe(rows.media!.find((media) => media.kind === 'avatar')!.storage_key);
    expect(rows.comments!.filter((comment) => comment.audio_key).map((comment) => comment.audio_key)).toEqual([rows.media!.find((media) => media.kind === 'comment_audio')!.storage_key]);
  });

  it('adds nothing the second time: every row and file as it was, each counted as already here', async () => {
    const rowsBefore = await rowsOf(clean.config);
    const filesBefore = await filesOf(clean.config);
    const run = await runImport([zip], clean.env);
    expect(run.code).toBe(0);
    expect(run.says).toContain('Nothing was added: everything in the archive is here already.');
    expect(run.says).toContain('Already here, left as they are: 4 people, 1 family, 1 timeline, 3 memberships, 2 memories, 2 comments, 1 question, 1 storyteller, 1 listen code');
    expect(await rowsOf(clean.config)).toEqual(rowsBefore);
    expect(await filesOf(clean.config)).toEqual(filesBefore);
  });

  it('run again after being killed part way (the store failing after 1, then 3 files) completes with the same rows and files as a clean run', async () => {
    const target = newTarget();
    await expect(runImport([zip], target.env, { wrapStore: storeFailingAfter(1) })).rejects.toThrow('killed part way');
    await expect(runImport([zip], target.env, { wrapStore: storeFailingAfter(3) })).rejects.toThrow('killed part way');
    const partial = await rowsOf(target.config);
    // The first memory went in whole; the second's files were being stored when it stopped.
    expect(partial.memories!.map((memory) => memory.id)).toEqual([sample.ids.voiced]);
    const run = await runImport([zip], target.env);
    expect(run.code).toBe(0);
    expect(await rowsOf(target.config)).toEqual(await rowsOf(clean.config));
    expect(await filesOf(target.config)).toEqual(await filesOf(clean.config));
  });

  it('--dry-run says what it would add, names the people matched by e-mail, and changes no row and no file', async () => {
    const other = sampleArchive();
    const otherZip = await writeArchiveZip(scratch, 'heirloom-other', other);
    const rowsBefore = await rowsOf(clean.config);
    const filesBefore = await filesOf(clean.config);
    const run = await runImport([otherZip, '--dry-run'], clean.env);
    expect(run.code).toBe(0);
    // Rose and Ann of this archive have the addresses of the accounts the first import made.
    expect(run.says).toContain('Would add: 2 people, 1 family, 1 timeline, 3 memberships, 2 memories, 2 comments, 1 question, 1 storyteller, 1 listen code, 5 files');
    expect(run.says).toContain('Rose (rose@example.org) is an account here already: their records would name it.');
    expect(run.says).toContain('Ann (ann@example.org) is an account here already: their records would name it.');
    expect(run.says).toContain('Dry run: nothing was changed.');
    expect(await rowsOf(clean.config)).toEqual(rowsBefore);
    expect(await filesOf(clean.config)).toEqual(filesBefore);

    const again = await runImport([zip, '--dry-run'], clean.env);
    expect(again.says).toContain('Nothing would be added: everything in the archive is here already.');
  });

  // Last of those on `clean`: the reset leaves a row the comparisons above would see.
  it('a person created without a password reaches their account as the closing lines say: the operator’s reset link', async () => {
    const lines: string[] = [];
    const code = await resetLinkCommand(['ann@example.org'], clean.env, { say: (line) => lines.push(line), complain: (line) => lines.push(line) });
    expect(code).toBe(0);
    expect(lines).toEqual(['A reset link for ann@example.org, for one use within the hour (pass it on privately):', expect.stringMatching(/\/reset-password\/[A-Za-z0-9_-]{43}$/)]);
  });

  describe('into an instance where Rose has an account', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await makeTestApp(dialect);
    });
    afterAll(async () => {
      await t.close();
    });

    it('matches her by e-mail whatever its case, and every record of hers names her account', async () => {
      const rose = await makeUser(t.ctx, { email: 'rose.lake@example.org', displayName: 'Rose L.' });
      const archive = sampleArchive({ roseEmail: 'Rose.Lake@Example.org' });
      const file = await writeArchiveZip(scratch, 'heirloom-matched', archive);
      const config = await configOf(t);
      const run = await runImport([file], envOf(config));
      expect(run.code).toBe(0);
      expect(run.says).toContain('Rose (Rose.Lake@Example.org) is an account here already: their records now name it.');
      expect(run.says).toContain('Created 1 person without a password: Ann (ann@example.org).');

      const { ids } = archive;
      const rows = await rowsOf(config);
      const id = rose.user.id;
      expect(byId(rows.users, ids.rose)).toBeUndefined();
      expect(byId(rows.users, id)!.password_hash).not.toBeNull();
      expect(byId(rows.memories, ids.voiced)!.user_id).toBe(id);
      expect(rows.memory_shares!.filter((share) => share.memory_id === ids.photo).map((share) => share.user_id).sort()).toEqual([id, ids.ann].sort());
      expect(byId(rows.timelines, ids.timeline)).toMatchObject({ user_id: id });
      // Her account keeps the one default timeline it has.
      expect(Boolean(byId(rows.timelines, ids.timeline)!.is_default)).toBe(false);
      expect(rows.timeline_members!.filter((member) => member.timeline_id === ids.timeline).map((member) => member.user_id).sort()).toEqual([id, ids.ann, ids.tom].sort());
      expect(byId(rows.families, ids.family)).toMatchObject({ created_by: id });
      expect(byId(rows.questions, ids.question)).toMatchObject({ asked_by: id });
      expect(rows.storytellers![0]).toMatchObject({ created_by: id });
      expect(rows.listen_links![0]).toMatchObject({ created_by: id });
      expect(rows.media!.filter((media) => media.owner_id === ids.rose)).toEqual([]);
      // Her avatar here is her own: the archive's is not put on her account.
      expect(rows.media!.some((media) => media.kind === 'avatar')).toBe(false);
      expect(rows.comments!.find((comment) => comment.content === 'The red one!')).toMatchObject({ user_id: id });
    });

    it('matches no one by a reserved address: its person arrives with their own id and address', async () => {
      // A storyteller here, whose sign-in name an archive could name (one an earlier import made, exported again).
      const storyteller = await makeUser(t.ctx, { email: reservedEmailOf(randomUUID()) });
      const archive = sampleArchive({ roseEmail: 'rose.other@example.org', tomEmail: storyteller.user.email });
      const config = await configOf(t);
      const run = await runImport([await writeArchiveZip(scratch, 'heirloom-reserved', archive)], envOf(config));
      expect(run.code).toBe(0);
      expect(run.says.some((line) => line.includes(storyteller.user.email))).toBe(false);
      const rows = await rowsOf(config);
      expect(byId(rows.users, archive.ids.tom)).toMatchObject({ email: reservedEmailOf(archive.ids.tom), password_hash: null });
      expect(byId(rows.memories, archive.ids.photo)).toMatchObject({ user_id: archive.ids.tom });
    });
  });
});

// Test helpers for npm run import: a small family's archive as records and files, written as
// a real BagIt zip with yazl following bagPaths (one base folder named as the zip), with hooks
// to damage it after its manifest is made; and the command run in-process with its lines kept.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  bagPaths,
  recordFiles,
  type ArchiveFile,
  type CommentRecord,
  type MemoryRecord,
  type PersonRecord,
  type RecordFile,
} from '../../../common/archive-format.js';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { createContext } from '../../context.js';
import type { Dialect } from '../../db/index.js';
import { openConfiguredDatabase } from '../../db/open.js';
import { createMediaStore, type MediaStore } from '../../providers/storage/index.js';
import type { TestApp } from '../../test/app.js';
import { runArchiveImport, type ImportHooks } from './command.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A record line: an object is written as JSON, a string as it is (a damaged line). */
export type RecordLine = object | string;

export interface ArchiveContent {
  header: Record<string, unknown>;
  records: Record<RecordFile, RecordLine[]>;
  /** Payload files by path relative to data/ (`media/{sha}.{ext}`). */
  files: Map<string, Buffer>;
}

export interface SampleArchive extends ArchiveContent {
  ids: {
    rose: string;
    ann: string;
    tom: string;
    grandpa: string;
    family: string;
    timeline: string;
    voiced: string;
    photo: string;
    comment: string;
    question: string;
    listenCode: string;
  };
  /** The bytes of each media id. */
  bytesOf: Map<string, Buffer>;
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 9, minute)).toISOString();

/**
 * Rose (who exported) and Ann with their addresses, Tom whose address Rose was never shown,
 * Grandpa who tells by link; one family, one timeline; a voiced memory with a photo, a spoken
 * follow-up and a listen code, and a memory with a photo shared with Ann; a voice comment, a
 * question answered by the voiced memory, Grandpa's storyteller row.
 */
export function sampleArchive(options: { roseEmail?: string; tomEmail?: string; listenCode?: { id: string; tokenSha256: string } } = {}): SampleArchive {
  const ids = {
    rose: randomUUID(),
    ann: randomUUID(),
    tom: randomUUID(),
    grandpa: randomUUID(),
    family: randomUUID(),
    timeline: randomUUID(),
    voiced: randomUUID(),
    photo: randomUUID(),
    comment: randomUUID(),
    question: randomUUID(),
    listenCode: options.listenCode?.id ?? randomUUID(),
  };
  const files = new Map<string, Buffer>();
  const bytesOf = new Map<string, Buffer>();
  const file = (kind: ArchiveFile['kind'], ownerId: string, extension: string, mimeType: string, position = 0): ArchiveFile => {
    const bytes = Buffer.from(`${kind} ${randomUUID()} `.repeat(40));
    const hash = sha256(bytes);
    const path = `media/${hash}.${extension}`;
    files.set(path, bytes);
    const mediaId = randomUUID();
    bytesOf.set(mediaId, bytes);
    return { mediaId, kind, position, sha256: hash, path, mimeType, bytes: bytes.length, width: kind === 'image' ? 4 : null, height: kind === 'image' ? 3 : null, durationSeconds: kind === 'image' ? null : 2.5, ownerId, createdAt: at(1) };
  };
  const person = (id: string, displayName: string, email: string | null, extra: Partial<PersonRecord> = {}): PersonRecord => ({
    id, displayName, firstName: null, lastName: null, email, isStoryteller: false, familyId: ids.family, avatar: null, createdAt: at(0), ...extra,
  });
  const people = [
    person(ids.rose, 'Rose', options.roseEmail ?? 'rose@example.org', { avatar: file('avatar', ids.rose, 'webp', 'image/webp') }),
    person(ids.ann, 'Ann', 'ann@example.org'),
    person(ids.tom, 'Tom', options.tomEmail ?? null),
    person(ids.grandpa, 'Grandpa Joe', null, { isStoryteller: true, familyId: null }),
  ];
  const voice = file('audio', ids.rose, 'webm', 'audio/webm');
  const answer = file('audio', ids.rose, 'webm', 'audio/webm', 1);
  const voicedPhoto = file('image', ids.rose, 'jpg', 'image/jpeg');
  const memory = (id: string, extra: Partial<MemoryRecord>): MemoryRecord => ({
    id, title: 'A memory', content: '', transcription: '', authorId: ids.rose, familyId: ids.family, audience: 'timeline', timelineIds: [ids.timeline],
    sharedWith: [], tags: [], files: [], voiceMediaId: null, followUps: [], listenCodes: [], createdAt: at(10), updatedAt: at(11), ...extra,
  });
  const memories = [
    memory(ids.voiced, {
      title: 'The summer at the lake',
      content: 'We swam every morning.',
      transcription: 'We swam every morning before breakfast.',
      tags: ['lake', 'summer'],
      files: [voicedPhoto, voice, answer],
      voiceMediaId: voice.mediaId,
      followUps: [{ id: randomUUID(), question: 'Who was there?', answer: 'All of us.', position: 0, voiceMediaId: answer.mediaId }],
      listenCodes: [{ id: ids.listenCode, tokenSha256: options.listenCode?.tokenSha256 ?? sha256(Buffer.from(randomUUID())), createdBy: ids.rose, createdAt: at(12) }],
    }),
    memory(ids.photo, { title: 'Ann’s first bike', authorId: ids.tom, audience: 'people', sharedWith: [ids.rose, ids.ann], files: [file('image', ids.tom, 'png', 'image/png')], createdAt: at(20), updatedAt: at(21) }),
  ];
  const comments: CommentRecord[] = [
    { id: ids.comment, memoryId: ids.voiced, authorId: ids.ann, content: null, transcription: 'I remember the cold water.', voice: file('comment_audio', ids.ann, 'webm', 'audio/webm'), createdAt: at(30) },
    { id: randomUUID(), memoryId: ids.photo, authorId: ids.rose, content: 'The red one!', transcription: null, voice: null, createdAt: at(31) },
  ];
  const records: Record<RecordFile, RecordLine[]> = {
    people,
    families: [{ id: ids.family, name: 'The Lakes', createdBy: ids.rose, createdAt: at(0) }],
    timelines: [{ id: ids.timeline, name: 'Family', description: null, color: '#3b82f6', icon: null, isDefault: true, ownerId: ids.rose, createdAt: at(0) }],
    memberships: [ids.rose, ids.ann, ids.tom].map((personId) => ({ timelineId: ids.timeline, personId, joinedAt: at(1) })),
    memories,
    comments,
    questions: [{ id: ids.question, timelineId: ids.timeline, askedBy: ids.rose, forPersonId: ids.grandpa, text: 'What was the lake like?', answeredMemoryId: ids.voiced, createdAt: at(5) }],
    storytellers: [{
      personId: ids.grandpa, timelineId: ids.timeline, createdBy: ids.rose, email: 'joe@example.org', reminder: { weekday: 0, time: '10:00', timeZone: 'Europe/Paris' },
      remindersStopped: false, linkSha256: sha256(Buffer.from(randomUUID())), createdAt: at(2), updatedAt: at(3),
    }],
  };
  const header = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exportedAt: at(50),
    exportedBy: { id: ids.rose, displayName: 'Rose' },
    generator: 'Heirloom test',
    counts: { ...Object.fromEntries(recordFiles.map((name) => [name, records[name].length])), files: files.size },
  };
  return { header, records, files, ids, bytesOf };
}

export interface WriteOptions {
  /** Changes the bag's files (relative to its base folder) after the manifests are made. */
  damage?: (entries: Map<string, Buffer>) => void;
}

/** Writes `content` as `{dir}/{name}.zip`, a bag whose base folder is `name`; answers the zip's path. */
export async function writeArchiveZip(dir: string, name: string, content: ArchiveContent, { damage }: WriteOptions = {}): Promise<string> {
  const entries = new Map<string, Buffer>();
  entries.set(bagPaths.header, Buffer.from(JSON.stringify(content.header, null, 2)));
  for (const record of recordFiles) {
    entries.set(bagPaths.records(record), Buffer.from(content.records[record].map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n') + '\n'));
  }
  for (const [path, bytes] of content.files) entries.set(`data/${path}`, bytes);
  const manifestOf = (paths: string[]) => Buffer.from(paths.map((path) => `${sha256(entries.get(path)!)}  ${path}\n`).join(''));
  entries.set(bagPaths.manifest, manifestOf([...entries.keys()].filter((path) => path.startsWith('data/'))));
  entries.set(bagPaths.declaration, Buffer.from('BagIt-Version: 1.0\nTag-File-Character-Encoding: UTF-8\n'));
  entries.set(bagPaths.info, Buffer.from(`Bagging-Date: 2026-11-20\nSource-Organization: Heirloom test\n`));
  entries.set(bagPaths.tagManifest, manifestOf([bagPaths.declaration, bagPaths.info, bagPaths.manifest]));
  damage?.(entries);

  const zip = new yazl.ZipFile();
  for (const [path, bytes] of entries) zip.addBuffer(bytes, `${name}/${path}`);
  zip.end();
  const file = join(dir, `${name}.zip`);
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  await finished(out);
  return file;
}

export interface ImportRun {
  code: number;
  says: string[];
  complaints: string[];
}

/** npm run import in-process, against the instance `env` names. */
export async function runImport(args: string[], env: Record<string, string>, hooks: ImportHooks = {}): Promise<ImportRun> {
  const says: string[] = [];
  const complaints: string[] = [];
  const code = await runArchiveImport(args, env, { say: (line) => says.push(line), complain: (line) => complaints.push(line) }, hooks);
  return { code, says, complaints };
}

/** The store, whose put fails once `allowed` files are stored: a run killed part way. */
export function storeFailingAfter(allowed: number): (store: MediaStore) => MediaStore {
  return (store) => {
    let stored = 0;
    return new Proxy(store, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        // A driver's methods keep the driver as `this` (private fields do not follow a proxy).
        if (property !== 'put') return typeof value === 'function' ? value.bind(target) : value;
        const put: MediaStore['put'] = async (key, body, options) => {
          if (stored >= allowed) {
            body.destroy();
            throw new Error('killed part way (test)');
          }
          stored++;
          return target.put(key, body, options);
        };
        return put;
      },
    });
  };
}

/** A test app serving an instance an import went into (its own clock and jobs, as makeTestApp's). */
export async function testAppOn(config: Config, dialect: Dialect): Promise<TestApp> {
  const handle = await openConfiguredDatabase(config);
  const media = await createMediaStore(config);
  let offset = 0;
  const ctx = createContext({ db: handle.db, dialect, config, media, now: () => new Date(Date.now() + offset) });
  const app = await buildApp({ ctx, registerLimit: 1000, startJobs: false });
  await app.ready();
  return {
    app,
    ctx,
    jobs: app.jobs,
    advance: (ms) => {
      offset += ms;
    },
    settleJobs: () => app.jobs.drain(),
    async close() {
      await app.close();
      media.close?.();
      await handle.close();
    },
  };
}

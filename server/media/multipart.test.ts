// The one multipart reader (DESIGN "Files come in through server/media/ only, after the
// caller is authorized for the form's fields"), on a bare Fastify app: authorize runs once,
// before the first file, with the fields seen so far; any failure removes every file the
// form wrote.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { badRequest, forbidden, HttpError, registerErrorHandler } from '../http/errors.js';
import { createMediaStore, type MediaStore } from '../providers/storage/index.js';
import { filesUnder } from '../providers/storage/test-support.js';
import { stageAudio } from './audio.js';
import { readMultipart, type FormFields } from './multipart.js';
import { wavBytes } from '../memories/test-support.js';
import { formBody, type FormPart } from './test-support.js';

const recording = (): FormPart => ({ name: 'audio', filename: 'a.wav', type: 'audio/wav', data: wavBytes() });

describe('readMultipart', () => {
  let dataDir: string;
  let media: MediaStore;
  let app: FastifyInstance;
  /** What authorize saw, once per request. */
  let seen: FormFields[];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'heirloom-multipart-'));
    media = await createMediaStore({ storage: 'local', dataDir });
    app = Fastify();
    registerErrorHandler(app);
    await app.register(multipart);
    app.post('/form', async (request) => {
      const form = await readMultipart({ media }, request, {
        limits: { fileSize: 1024 * 1024, files: 3, fieldSize: 1000, fields: 10 },
        repeated: ['tag'],
        async authorize(fields) {
          seen.push(structuredClone(fields));
          if (fields.who !== 'owner') throw forbidden('Not yours');
          return 'allowed';
        },
        async file(part, authorized) {
          expect(authorized).toBe('allowed');
          if (part.fieldname !== 'audio') throw badRequest('Only audio');
          return [(await stageAudio({ media }, part.file)).key];
        },
        fieldTooLong: 'Too long',
        fileTooLarge: () => new HttpError(413, 'Too large'),
      });
      await Promise.all(form.keys.map((key) => media.delete(key)));
      return { fields: form.fields, files: form.keys.length };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function send(parts: FormPart[]) {
    seen = [];
    const { payload, headers } = await formBody(parts);
    return app.inject({ method: 'POST', url: '/form', payload, headers });
  }
  const stored = () => filesUnder(join(dataDir, 'media'));

  it('authorizes once with every field sent before the files, and keeps repeated fields in order', async () => {
    const response = await send([{ name: 'who', value: 'owner' }, { name: 'tag', value: 'a' }, { name: 'tag', value: 'b' }, { name: 'note', value: 'one\r\ntwo' }, recording(), recording()]);
    expect([response.statusCode, response.json()]).toEqual([200, { fields: { who: 'owner', tag: ['a', 'b'], note: 'one\ntwo' }, files: 2 }]);
    expect(seen).toEqual([{ who: 'owner', tag: ['a', 'b'], note: 'one\ntwo' }]);
  });

  it('authorizes at the end when no file comes', async () => {
    const response = await send([{ name: 'who', value: 'owner' }]);
    expect(response.statusCode).toBe(200);
    expect(seen).toEqual([{ who: 'owner' }]);
  });

  it('refuses before the first file is stored when authorize refuses', async () => {
    const response = await send([{ name: 'who', value: 'stranger' }, recording()]);
    expect([response.statusCode, response.json()]).toEqual([403, { message: 'Not yours' }]);
    expect(await stored()).toEqual([]);
  });

  it('authorizes with the fields seen so far when a file comes first, and refuses a field after it', async () => {
    const early = await send([recording(), { name: 'who', value: 'owner' }]);
    expect(early.statusCode).toBe(403);
    expect(seen).toEqual([{}]);
    const late = await send([{ name: 'who', value: 'owner' }, recording(), { name: 'who', value: 'someone else' }]);
    expect([late.statusCode, late.json()]).toEqual([400, { message: messages.formFieldsAfterFiles }]);
    expect(await stored()).toEqual([]);
  });

  it('removes every file it stored when a later part is refused', async () => {
    const response = await send([{ name: 'who', value: 'owner' }, recording(), { name: 'picture', filename: 'p.png', type: 'image/png', data: Buffer.alloc(10) }]);
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'Only audio' }]);
    expect(await stored()).toEqual([]);
  });

  it('refuses a field past its size in the words given', async () => {
    const response = await send([{ name: 'who', value: 'x'.repeat(2000) }]);
    expect([response.statusCode, response.json()]).toEqual([400, { message: 'Too long' }]);
  });
});

// Test helpers for editing memories: a memory made through POST /api/memories with real
// files, the PATCH call in both forms, and a snapshot of everything an edit may touch (the
// row, tags, media rows, files in the store) to prove a refusal changed nothing.
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Memory } from '../../common/memories.js';
import { formBody, imageOf, type FormPart } from '../media/test-support.js';
import { filesUnder } from '../providers/storage/test-support.js';
import type { TestApp } from '../test/app.js';
import { makeDirectUpload, type MadeUser } from '../test/factories.js';
import { imageFile, memoryFields, mp4Bytes, videoThumbnailFile } from './test-support.js';

/** A memory by `creator` on `timelineId` with `images` photos and `videos` direct videos (each with its frame). */
export async function makeMemoryWithMedia(
  t: TestApp,
  creator: MadeUser,
  fields: { timelineId: string; sharedWith?: string[]; images?: number; videos?: number; title?: string },
): Promise<Memory> {
  const videos = await Promise.all(Array.from({ length: fields.videos ?? 0 }, () => makeDirectUpload(t.ctx, creator.user, mp4Bytes())));
  const { payload, headers } = await formBody([
    ...memoryFields({ title: fields.title, timelineIds: [fields.timelineId], sharedWith: fields.sharedWith, directVideoUrls: videos.map((video) => video.url) }),
    ...(await Promise.all(Array.from({ length: fields.images ?? 0 }, async (_, index) => imageFile(await imageOf('png', 64 + index, 48))))),
    ...(await Promise.all(videos.map(async () => videoThumbnailFile(await imageOf('jpeg', 320, 180))))),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** PATCH /api/memories/{id} as JSON. */
export const patchJson = (t: TestApp, id: string, cookie: string | undefined, body: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/memories/${id}`, payload: body as object, headers: cookie ? { cookie } : {} });

/** PATCH /api/memories/{id} as multipart. */
export async function patchForm(t: TestApp, id: string, cookie: string | undefined, parts: FormPart[]) {
  const { payload, headers } = await formBody(parts);
  return t.app.inject({ method: 'PATCH', url: `/api/memories/${id}`, payload, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

/** A multipart text field holding JSON, as the edit view sends its lists. */
export const jsonField = (name: string, value: unknown): FormPart => ({ name, value: JSON.stringify(value) });
export const videoFile = (data: Buffer, filename = 'clip.mp4', type = 'video/mp4'): FormPart => ({ name: 'videos', filename, type, data });

/** Everything an edit may change, to compare before and after a refusal. */
export async function snapshot(t: TestApp, memoryId: string) {
  const [row, tags, media] = await Promise.all([
    t.ctx.db.selectFrom('memories').selectAll().where('id', '=', memoryId).executeTakeFirstOrThrow(),
    t.ctx.db.selectFrom('memory_tags').select('tag').where('memory_id', '=', memoryId).orderBy('tag').execute(),
    t.ctx.db.selectFrom('media').select(['id', 'kind', 'storage_key', 'position']).where('memory_id', '=', memoryId).orderBy('storage_key').execute(),
  ]);
  return { row, tags, media, files: await filesUnder(join(t.ctx.config.dataDir, 'media')) };
}

/** Files in DATA_DIR/media (temp files included) that no row names. */
export async function strayFiles(t: TestApp): Promise<string[]> {
  const [media, uploads] = await Promise.all([
    t.ctx.db.selectFrom('media').select('storage_key').execute(),
    t.ctx.db.selectFrom('uploads').select('storage_key').execute(),
  ]);
  const named = new Set([...media, ...uploads].map((row) => row.storage_key));
  return (await filesUnder(join(t.ctx.config.dataDir, 'media'))).filter((file) => !named.has(file));
}

/** The storage key behind a media address of the memory JSON. */
export const keyOf = (url: string) => url.slice('/uploads/'.length);

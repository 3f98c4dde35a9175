import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_UPLOAD_TTL_MS } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { PresignedUrl } from '../../common/uploads.js';
import { iso } from '../context.js';
import { localMediaRoot } from '../providers/storage/index.js';
import { filesUnder } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { formBody } from '../media/test-support.js';
import { memoryFields } from '../memories/test-support.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { STALE_UPLOAD_MS, sweepStaleUploads } from './index.js';
import { mp4Bytes, mp4Stream } from './test-support.js';

describe.each(dialects)('direct video uploads to local storage on %s', (dialect) => {
  let t: TestApp;
  let uploader: MadeUser;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    uploader = await makeUser(t.ctx);
  });
  afterAll(() => t.close());

  const ask = (cookie: string | undefined, body: object) =>
    t.app.inject({ method: 'POST', url: '/api/upload/presigned-url', headers: cookie ? { cookie } : {}, payload: body });
  async function ticketFor(mimeType = 'video/mp4'): Promise<PresignedUrl> {
    const response = await ask(uploader.cookie, { fileName: 'Summer at the lake.mp4', mimeType });
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  const send = (uploadUrl: string, payload: Buffer | Readable, contentType = 'video/mp4') =>
    t.app.inject({ method: 'PUT', url: uploadUrl, headers: { 'content-type': contentType }, payload });
  const stored = () => filesUnder(localMediaRoot(t.ctx.config));
  const uploadRow = (key: string) => t.ctx.db.selectFrom('uploads').selectAll().where('storage_key', '=', key).executeTakeFirst();

  it('refuses a presigned URL for anything but a video with 400 in words, and for nobody signed in', async () => {
    for (const mimeType of ['image/png', 'audio/webm', 'video/x-msvideo', '']) {
      const response = await ask(uploader.cookie, { fileName: 'picture.png', mimeType });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.videoTypeRefused });
    }
    expect((await ask(uploader.cookie, { fileName: '', mimeType: 'video/mp4' })).json()).toEqual({ message: messages.directUploadFileNameInvalid });
    expect((await ask(undefined, { fileName: 'clip.mp4', mimeType: 'video/mp4' })).statusCode).toBe(401);
    expect(await t.ctx.db.selectFrom('uploads').selectAll().where('owner_id', '=', uploader.user.id).execute()).toEqual([]);
  });

  it('issues a ticket address for an hour, takes MP4 bytes with 204, and serves them to the uploader only', async () => {
    const ticket = await ticketFor('video/MP4; codecs="avc1"');
    expect(ticket).toEqual({
      uploadUrl: expect.stringMatching(/^\/api\/upload\/direct\/[\w-]{31,32}\.[\w-]{43}$/),
      method: 'PUT',
      fields: {},
      finalUrl: `/uploads/${ticket.key}`,
      key: expect.stringMatching(/^videos\/[0-9a-f-]{36}\.mp4$/),
      expiresAt: expect.any(String),
      contentType: 'video/mp4',
    });
    expect(Date.parse(ticket.expiresAt) - t.ctx.now().getTime()).toBeGreaterThan(DIRECT_UPLOAD_TTL_MS - 5_000);
    expect(ticket.uploadUrl).not.toContain('Summer');
    expect(await uploadRow(ticket.key)).toMatchObject({ owner_id: uploader.user.id, attached_at: null });

    const bytes = mp4Bytes(50_000);
    // No cookie: the ticket is the credential.
    const sent = await send(ticket.uploadUrl, bytes);
    expect(sent.statusCode).toBe(204);

    const mine = await t.app.inject({ method: 'GET', url: ticket.finalUrl, headers: { cookie: uploader.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('video/mp4');
    expect(mine.rawPayload.equals(bytes)).toBe(true);
    const stranger = await makeUser(t.ctx);
    const theirs = await t.app.inject({ method: 'GET', url: ticket.finalUrl, headers: { cookie: stranger.cookie } });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: messages.notFound });
  });

  it('refuses a tampered or re-pointed ticket with 403 and writes nothing', async () => {
    const ticket = await ticketFor();
    const other = await ticketFor();
    const [payload, mac] = ticket.uploadUrl.split('/').pop()!.split('.') as [string, string];
    const [otherPayload] = other.uploadUrl.split('/').pop()!.split('.') as [string];
    const flipped = mac.slice(0, 10) + (mac[10] === 'A' ? 'B' : 'A') + mac.slice(11);
    for (const forged of [`${payload}.${flipped}`, `${otherPayload}.${mac}`, payload, `${payload}.${mac}.x`]) {
      const response = await send(`/api/upload/direct/${forged}`, mp4Bytes());
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: messages.directUploadTicketInvalid });
    }
    expect(await stored()).not.toContain(ticket.key);
    expect(await stored()).not.toContain(other.key);
  });

  it('refuses an expired ticket (after an hour) with 403 and writes nothing', async () => {
    const ticket = await ticketFor();
    t.advance(61 * 60_000);
    const response = await send(ticket.uploadUrl, mp4Bytes());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: messages.directUploadTicketInvalid });
    expect(await stored()).not.toContain(ticket.key);
  });

  it('refuses another Content-Type with 415, and bytes that are no video with 400, keeping nothing', async () => {
    const ticket = await ticketFor();
    const before = await stored();
    for (const contentType of ['video/webm', 'image/png', 'application/json']) {
      const response = await send(ticket.uploadUrl, contentType === 'application/json' ? Buffer.from('{}') : mp4Bytes(), contentType);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: messages.directUploadTypeMismatch('video/mp4') });
    }
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(5000)]);
    const notVideo = await send(ticket.uploadUrl, png);
    expect(notVideo.statusCode).toBe(400);
    expect(notVideo.json()).toEqual({ message: messages.videoTypeRefused });
    expect(await stored()).toEqual(before);
  });

  it('refuses a 251 MB body streamed without a length with 413, leaving no file and no temp file', async () => {
    const ticket = await ticketFor();
    const before = await stored();
    const response = await send(ticket.uploadUrl, mp4Stream(251));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: messages.videoTooLarge });
    expect(await stored()).toEqual(before);
    // An honest Content-Length over the limit is refused before a byte is read.
    const declared = await t.app.inject({
      method: 'PUT',
      url: ticket.uploadUrl,
      headers: { 'content-type': 'video/mp4', 'content-length': String(251 * 1024 * 1024) },
      payload: mp4Bytes(),
    });
    expect(declared.statusCode).toBe(413);
    expect(await stored()).toEqual(before);
  }, 60_000);

  it('never replaces the bytes of an upload attached before uploads were moved (a row with attached_at)', async () => {
    const ticket = await ticketFor();
    const first = mp4Bytes(1000);
    expect((await send(ticket.uploadUrl, first)).statusCode).toBe(204);
    await t.ctx.db.updateTable('uploads').set({ attached_at: iso(t.ctx.now()) }).where('storage_key', '=', ticket.key).execute();
    const again = await send(ticket.uploadUrl, mp4Bytes(2000));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.directUploadAttached });
    const kept = await t.ctx.media.get(ticket.key);
    expect(kept?.size).toBe(first.length);
    kept?.body.destroy();
  });

  it('moves the video to a key of the memory’s own when it is saved: the ticket reaches it no more, and the memory serves the first bytes (issue 19)', async () => {
    const timeline = await makeTimeline(t.ctx, uploader.user);
    const ticket = await ticketFor();
    const first = mp4Bytes(3000);
    expect((await send(ticket.uploadUrl, first)).statusCode).toBe(204);
    const form = await formBody(memoryFields({ timelineIds: [timeline.id], directVideoUrls: [ticket.finalUrl] }));
    const saved = await t.app.inject({ method: 'POST', url: '/api/memories', payload: form.payload, headers: { ...form.headers, cookie: uploader.cookie } });
    expect(saved.statusCode).toBe(201);
    const [video] = saved.json().videos;
    expect(video.url).toMatch(/^\/uploads\/videos\/[0-9a-f-]{36}\.mp4$/);
    expect(video.url).not.toBe(ticket.finalUrl);
    // The file is renamed, not copied: nothing stays under the ticket's key.
    expect(await stored()).not.toContain(ticket.key);
    expect(await stored()).toContain(video.url.slice('/uploads/'.length));

    // The upload is spent: its row went with the move, and the ticket is refused.
    expect(await uploadRow(ticket.key)).toBeUndefined();
    const again = await send(ticket.uploadUrl, mp4Bytes(5000));
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ message: messages.directUploadTicketInvalid });
    expect(await stored()).not.toContain(ticket.key);
    const shown = await t.app.inject({ method: 'GET', url: video.url, headers: { cookie: uploader.cookie } });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(first)).toBe(true);
  });

  it('gives a direct video back to its upload when the memory is not saved, so the same address can be named again', async () => {
    const timeline = await makeTimeline(t.ctx, uploader.user);
    const ticket = await ticketFor();
    const bytes = mp4Bytes(2000);
    expect((await send(ticket.uploadUrl, bytes)).statusCode).toBe(204);
    const before = await stored();
    // A spoken answer without its recording: refused after the video was claimed.
    const refusedForm = await formBody(
      memoryFields({ timelineIds: [timeline.id], directVideoUrls: [ticket.finalUrl], followUpResponses: [{ question: 'Who?', answer: 'Me', hasAudio: true }] }),
    );
    const refused = await t.app.inject({ method: 'POST', url: '/api/memories', payload: refusedForm.payload, headers: { ...refusedForm.headers, cookie: uploader.cookie } });
    expect(refused.statusCode).toBe(400);
    expect(await stored()).toEqual(before);
    expect(await uploadRow(ticket.key)).toMatchObject({ attached_at: null });

    const form = await formBody(memoryFields({ timelineIds: [timeline.id], directVideoUrls: [ticket.finalUrl] }));
    const saved = await t.app.inject({ method: 'POST', url: '/api/memories', payload: form.payload, headers: { ...form.headers, cookie: uploader.cookie } });
    expect(saved.statusCode).toBe(201);
    const shown = await t.app.inject({ method: 'GET', url: saved.json().videos[0].url, headers: { cookie: uploader.cookie } });
    expect(shown.rawPayload.equals(bytes)).toBe(true);
  });

  it('sweeps uploads left unattached for a day (row and file), keeping attached and recent ones', async () => {
    const abandoned = await ticketFor();
    const attached = await ticketFor();
    for (const ticket of [abandoned, attached]) expect((await send(ticket.uploadUrl, mp4Bytes())).statusCode).toBe(204);
    await t.ctx.db.updateTable('uploads').set({ attached_at: iso(t.ctx.now()) }).where('storage_key', '=', attached.key).execute();
    t.advance(STALE_UPLOAD_MS - 60_000);
    const recent = await ticketFor();
    expect((await send(recent.uploadUrl, mp4Bytes())).statusCode).toBe(204);
    t.advance(2 * 60_000);

    expect(await sweepStaleUploads(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await uploadRow(abandoned.key)).toBeUndefined();
    expect(await t.ctx.media.exists(abandoned.key)).toBe(false);
    expect(await t.ctx.media.exists(attached.key)).toBe(true);
    expect(await uploadRow(attached.key)).toBeDefined();
    expect(await t.ctx.media.exists(recent.key)).toBe(true);
    expect(await sweepStaleUploads(t.ctx)).toBe(0);

    // Asking for a new address sweeps too: a day on, `recent` is gone.
    t.advance(STALE_UPLOAD_MS);
    await ticketFor();
    expect(await uploadRow(recent.key)).toBeUndefined();
    expect(await t.ctx.media.exists(recent.key)).toBe(false);
  });
});

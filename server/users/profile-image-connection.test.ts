// Uploads over a real connection, where inject cannot go: a client cut off mid-upload,
// and a client still sending when its upload is refused.
import { existsSync, readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spoolFolder } from '../media/image-spool.js';
import { formBody, imagePart, imageOf } from '../media/test-support.js';
import { filesUnder } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser } from '../test/factories.js';
import { folderChanges, socketChanges, until } from '../test/until.js';

describe.each(dialects)('profile picture uploads over a real connection on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(() => t.close());

  const tempFolder = () => join(t.ctx.config.dataDir, 'media', '.tmp');
  const tempFiles = () => (existsSync(tempFolder()) ? readdirSync(tempFolder()) : []);
  // issue 19: a picture is written whole to the image spool before it is decoded and stored.
  const spooled = () => (existsSync(spoolFolder) ? readdirSync(spoolFolder) : []);

  async function open(): Promise<{ socket: Socket; received: () => string }> {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    return { socket, received: () => received };
  }

  const postHead = (headers: Record<string, string>, length: number, cookie: string) =>
    `POST /api/user/profile-image HTTP/1.1\r\nHost: heirloom.test\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${length}\r\nCookie: ${cookie}\r\n\r\n`;

  it('keeps the old picture and leaves no file when the client is cut off midway', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const form = await formBody([imagePart(await imageOf('png'))]);
    const first = await t.app.inject({ method: 'POST', url: '/api/user/profile-image', payload: form.payload, headers: { ...form.headers, cookie } });
    expect(first.statusCode).toBe(200);
    const oldKey = (await t.ctx.db.selectFrom('users').select('profile_image_key').where('id', '=', user.id).executeTakeFirstOrThrow()).profile_image_key;

    // Noise does not compress: a picture of over a megabyte, half of which is sent.
    const noise = await sharp({ create: { width: 700, height: 700, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const { payload, headers } = await formBody([imagePart(noise, 'noise.png', 'image/png')]);
    const { socket } = await open();
    socket.write(postHead(headers, payload.length, cookie));
    socket.write(payload.subarray(0, payload.length >> 1));
    const fileChanges = [folderChanges(spoolFolder), folderChanges(tempFolder())];
    await until(() => spooled().length > 0, 'the upload to reach the spool', fileChanges);
    socket.destroy();

    await until(() => spooled().length === 0 && tempFiles().length === 0, 'the partial file to be removed', fileChanges);
    const row = await t.ctx.db.selectFrom('users').select('profile_image_key').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.profile_image_key).toBe(oldKey);
    expect(await t.ctx.media.exists(oldKey!)).toBe(true);
    expect(await filesUnder(join(t.ctx.config.dataDir, 'media'))).toEqual([oldKey]);
    expect(await t.ctx.db.selectFrom('media').select('storage_key').execute()).toEqual([{ storage_key: oldKey }]);
  });

  it('answers a refused upload while the client is still sending, and keeps the connection usable', async () => {
    const { cookie } = await makeUser(t.ctx);
    const text = Buffer.from('not an image at all '.repeat(150_000));
    const { payload, headers } = await formBody([imagePart(text)]);
    const { socket, received } = await open();
    const answers = [socketChanges(socket)];
    socket.write(postHead(headers, payload.length, cookie));
    socket.write(payload);
    await until(() => received().includes('Please choose an image file'), 'the refusal', answers);
    expect(received()).toMatch(/^HTTP\/1\.1 400 /);

    // The rest of the refused body was read and dropped, so the next request is answered.
    socket.write(`GET /api/auth/user HTTP/1.1\r\nHost: heirloom.test\r\nCookie: ${cookie}\r\n\r\n`);
    await until(() => /HTTP\/1\.1 200 /.test(received()), 'the next answer on the same connection', answers);
    socket.destroy();
  });
});

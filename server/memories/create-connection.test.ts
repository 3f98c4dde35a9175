// A memory upload over a real connection, where inject cannot go: the client is cut off
// midway through its second photo (DESIGN "Nothing lost": no memory, no file remains).
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formBody, imageOf } from '../media/test-support.js';
import { filesUnder } from '../providers/storage/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser } from '../test/factories.js';
import { imageFile, memoryFields } from './test-support.js';

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(dialects)('a memory upload cut off midway on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('leaves no memory and no file, the first photo included', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, user);
    // Noise does not compress: a photo of over a megabyte, half of which is sent.
    const noise = await sharp({ create: { width: 700, height: 700, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
    const { payload, headers } = await formBody([...memoryFields({ timelineIds: [timeline.id] }), imageFile(await imageOf('png')), imageFile(noise)]);
    const mediaRoot = join(t.ctx.config.dataDir, 'media');
    const temp = join(mediaRoot, '.tmp');
    const tempFiles = () => (existsSync(temp) ? readdirSync(temp) : []);

    const socket = connect((t.app.server.address() as { port: number }).port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`POST /api/memories HTTP/1.1\r\nHost: heirloom.test\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\nCookie: ${cookie}\r\n\r\n`);
    socket.write(payload.subarray(0, payload.length - (noise.length >> 1)));
    // The first photo's three files are stored and the second is on its way.
    await until(async () => (await filesUnder(mediaRoot)).filter((file) => file.startsWith('images/')).length === 3 && tempFiles().length > 0, 'the upload to reach the store');
    socket.destroy();

    await until(async () => (await filesUnder(mediaRoot)).length === 0, 'every file to be removed');
    expect(await t.ctx.db.selectFrom('memories').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('media').select('id').where('owner_id', '=', user.id).execute()).toEqual([]);
  });
});

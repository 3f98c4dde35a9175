// `npm run models:get` (scripts/models-get.mjs, issue 22) run as the operator runs it, a process
// of its own, against a loopback server that serves a fake model and breaks its connections
// when told to. The fake's SHA-1 goes in HEIRLOOM_MODELS_TEST_SHA1, which only tests set.
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

const script = fileURLToPath(new URL('../../scripts/models-get.mjs', import.meta.url));
/** 3 MiB standing in for ggml-tiny.bin: the script never looks inside. */
const model = randomBytes(3 * 1024 * 1024);
const modelSha1 = createHash('sha1').update(model).digest('hex');

interface Served {
  range: string | undefined;
  status: number;
  /** Body bytes the server wrote for this request. */
  sent: number;
}

/** How the server answers each request, by its number (0 for the first). */
type Behaviour = (request: IncomingMessage, response: ServerResponse, index: number) => void;

let server: Server;
let baseUrl: string;
let behaviour: Behaviour;
let served: Served[];

/** The model from `start` (a 206 with its Content-Range when > 0), cut off after `cutAfter` bytes when given. */
function serveModel(response: ServerResponse, start: number, record: Served, cutAfter?: number) {
  const body = model.subarray(start);
  record.status = start > 0 ? 206 : 200;
  response.writeHead(record.status, {
    'content-type': 'application/octet-stream',
    'content-length': String(body.length),
    ...(start > 0 ? { 'content-range': `bytes ${start}-${model.length - 1}/${model.length}` } : {}),
  });
  if (cutAfter === undefined) {
    record.sent = body.length;
    response.end(body);
    return;
  }
  const piece = body.subarray(0, cutAfter);
  record.sent = piece.length;
  // Once the piece has left, the connection drops with the rest of the file unsent.
  response.write(piece, () => response.socket?.destroy());
}

const rangeStart = (request: IncomingMessage) => Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? '')?.[1] ?? 0);

/** Serves the whole file, honouring a Range. */
const wholeFile: Behaviour = (request, response, index) => serveModel(response, rangeStart(request), served[index]!);

beforeAll(async () => {
  server = createServer((request, response) => {
    const index = served.length;
    served.push({ range: request.headers.range, status: 0, sent: 0 });
    if (request.url !== '/models/ggml-tiny.bin') {
      served[index]!.status = 404;
      response.writeHead(404).end('Entry not found');
      return;
    }
    behaviour(request, response, index);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/models`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'heirloom-models-'));
  served = [];
  behaviour = wholeFile;
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const target = () => join(dataDir, 'models', 'ggml-tiny.bin');
const partFile = () => `${target()}.part`;

/** Runs `npm run models:get -- ...args` as npm would, from a folder with no .env. */
function modelsGet(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [script, ...args],
      { cwd: dataDir, env: { PATH: process.env.PATH, DATA_DIR: dataDir, MODELS_URL: baseUrl, HEIRLOOM_MODELS_TEST_SHA1: modelSha1, ...env }, timeout: 30_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('npm run models:get', () => {
  it('says the size first, downloads the model into DATA_DIR/models, and the default search finds it there', async () => {
    const { code, stdout, stderr } = await modelsGet(['tiny']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(`Downloading ggml-tiny.bin (3.0 MiB) from ${baseUrl}/ggml-tiny.bin`);
    expect(lines).toContain(`ggml-tiny.bin is in place: ${target()}`);
    expect(readFileSync(target()).equals(model)).toBe(true);
    expect(existsSync(partFile())).toBe(false);
    expect(served).toEqual([{ range: undefined, status: 200, sent: model.length }]);

    const config = loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) });
    expect(config.transcriptionEngine).toBe('local');
    expect(config.localTranscribe?.modelFile).toBe(target());
  });

  it('takes a download up where the server cut the connection, asking only for the bytes it lacks', async () => {
    const cutAt = 1024 * 1024 + 17;
    behaviour = (request, response, index) => (index === 0 ? serveModel(response, 0, served[index]!, cutAt) : wholeFile(request, response, index));
    const { code, stdout } = await modelsGet(['tiny']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/The connection broke off at [\d.]+ MiB .*; taking it up again/);
    expect(served).toHaveLength(2);
    const resumedAt = rangeStart({ headers: { range: served[1]!.range } } as IncomingMessage);
    // What arrived before the cut (all of it, or what the socket delivered before it closed).
    expect(resumedAt).toBeGreaterThan(0);
    expect(resumedAt).toBeLessThanOrEqual(cutAt);
    expect(served[1]).toEqual({ range: `bytes=${resumedAt}-`, status: 206, sent: model.length - resumedAt });
    expect(readFileSync(target()).equals(model)).toBe(true);
    expect(existsSync(partFile())).toBe(false);
  });

  it("takes up the part file an earlier run left, with a Range from its length", async () => {
    mkdirSync(join(dataDir, 'models'));
    writeFileSync(partFile(), model.subarray(0, 500_000));
    const { code, stdout } = await modelsGet(['tiny']);
    expect(code).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`Taking up ggml-tiny.bin at 0.5 MiB of 3.0 MiB from ${baseUrl}/ggml-tiny.bin`);
    expect(served).toEqual([{ range: 'bytes=500000-', status: 206, sent: model.length - 500_000 }]);
    expect(readFileSync(target()).equals(model)).toBe(true);
  });

  it('starts over when the server ignores the Range and sends the whole file', async () => {
    mkdirSync(join(dataDir, 'models'));
    writeFileSync(partFile(), model.subarray(0, 500_000));
    behaviour = (_request, response, index) => serveModel(response, 0, served[index]!);
    const { code } = await modelsGet(['tiny']);
    expect(code).toBe(0);
    expect(served.map((request) => request.status)).toEqual([200]);
    expect(readFileSync(target()).equals(model)).toBe(true);
  });

  it('deletes a download whose SHA-1 does not match, says so, exits 1 and leaves nothing in place', async () => {
    const wrong = '0'.repeat(40);
    const { code, stderr } = await modelsGet(['tiny'], { HEIRLOOM_MODELS_TEST_SHA1: wrong });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `ggml-tiny.bin does not match its published SHA-1 (expected ${wrong}, got ${modelSha1}): the download was deleted; run the same command to try again`,
    );
    expect(existsSync(target())).toBe(false);
    expect(existsSync(partFile())).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(32) }).transcriptionEngine).toBe('none');
  });

  it('checks the pinned whisper.cpp hash when no test hash is given', async () => {
    const { code, stderr } = await modelsGet(['tiny'], { HEIRLOOM_MODELS_TEST_SHA1: '' });
    expect(code).toBe(1);
    expect(stderr).toContain('expected bd577a113a864445d4c299885e0cb97d4ba92b5f');
    expect(existsSync(target())).toBe(false);
  });

  it('gives up after three attempts that bring nothing, keeping the part file and saying how to go on (exit 1)', async () => {
    behaviour = (request, response, index) => serveModel(response, rangeStart(request), served[index]!, index === 0 ? 200_000 : 0);
    const { code, stderr } = await modelsGet(['tiny']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^The download broke off at 0\.\d MiB \(.*\); ggml-tiny\.bin\.part is kept: run the same command again to take it up from there\n$/);
    expect(served).toHaveLength(4);
    expect(existsSync(partFile())).toBe(true);
    expect(existsSync(target())).toBe(false);

    // The next run takes it up.
    served = [];
    behaviour = wholeFile;
    expect((await modelsGet(['tiny'])).code).toBe(0);
    expect(served[0]!.status).toBe(206);
    expect(readFileSync(target()).equals(model)).toBe(true);
  });

  it('exits 1 with the address when the server has no such file', async () => {
    const { code, stderr } = await modelsGet(['tiny'], { MODELS_URL: `${baseUrl}/elsewhere` });
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(`${baseUrl}/elsewhere/ggml-tiny.bin answered HTTP 404 (no such file there: check MODELS_URL)`);
    expect(existsSync(partFile())).toBe(false);
  });

  it('refuses an unknown model name or none with exit 2, asking nothing of the server', async () => {
    const unknown = await modelsGet(['medium']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^Unknown model "medium": choose tiny, base, small\. Usage: npm run models:get -- tiny\|base\|small/);
    const none = await modelsGet([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^Usage: npm run models:get -- tiny\|base\|small \(tiny: 75 MiB, ~273 MB of memory; base: 142 MiB/);
    expect((await modelsGet(['constructor'])).code).toBe(2);
    expect(served).toEqual([]);
  });

  it('leaves a model already in place alone (exit 0)', async () => {
    mkdirSync(join(dataDir, 'models'));
    writeFileSync(target(), 'the operator’s own');
    const { code, stdout } = await modelsGet(['tiny']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(`ggml-tiny.bin is already in place: ${target()}`);
    expect(readFileSync(target(), 'utf8')).toBe('the operator’s own');
    expect(served).toEqual([]);
  });
});

// npm run models:get -- tiny|base|small (issue 22 "The local engine"): fetches a whisper.cpp
// model into DATA_DIR/models, where the default TRANSCRIBE_MODEL_FILE search finds it.
// Plain Node, run before anything is compiled: the Docker image runs it in a stage of its own,
// so a change to the sources does not download the model again.
//
// It says the size before the first byte is written, keeps what arrives in ggml-NAME.bin.part,
// takes up a broken download where it stopped (HTTP Range, in this run or the next), and moves
// the file into place only when its SHA-1 is the one whisper.cpp publishes; a mismatch deletes
// the part file. Exit codes, as the operator's other tools: 0 done, 1 failed (the lines say
// why), 2 not understood.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TransformStream } from 'node:stream/web';
import { clearTimeout, setTimeout } from 'node:timers';
import { URL } from 'node:url';
/* global fetch, AbortController -- Node's own, which no module exports */

/**
 * SHA-1 of each model, pinned from whisper.cpp's models/README.md ("Available models",
 * ggerganov/whisper.cpp at f0d2bfb); sizes from the same table, memory from its README.
 */
const MODELS = {
  tiny: { sha1: 'bd577a113a864445d4c299885e0cb97d4ba92b5f', disk: '75 MiB', memory: '~273 MB' },
  base: { sha1: '465707469ff3a37a2b9b8d8f89f2f99de7299dac', disk: '142 MiB', memory: '~388 MB' },
  small: { sha1: '55356645c2b361a969dfd0ef2c5a50d530afd8d5', disk: '466 MiB', memory: '~852 MB' },
};
const DEFAULT_MODELS_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';
/** Attempts in a row that bring no new byte before the run gives up (the part file stays). */
const FRUITLESS_ATTEMPTS = 3;
/** A connection that sends nothing for this long is dropped and taken up again with a Range. */
const STALL_MS = 60_000;

const USAGE = `Usage: npm run models:get -- ${Object.keys(MODELS).join('|')} (${Object.entries(MODELS)
  .map(([name, model]) => `${name}: ${model.disk}, ${model.memory} of memory`)
  .join('; ')})`;

class Refusal extends Error {
  constructor(message, exitCode) {
    super(message);
    this.exitCode = exitCode;
  }
}

const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MiB`;

async function main(argv, env) {
  const [name, ...rest] = argv;
  if (!name || rest.length > 0) throw new Refusal(rest.length > 0 ? `Name one model. ${USAGE}` : USAGE, 2);
  const model = Object.hasOwn(MODELS, name) ? MODELS[name] : null;
  if (!model) throw new Refusal(`Unknown model "${name}": choose ${Object.keys(MODELS).join(', ')}. ${USAGE}`, 2);

  // Tests serve a fake model, whose hash they pass here; nothing else sets it.
  const sha1 = env.HEIRLOOM_MODELS_TEST_SHA1 || model.sha1;
  const baseUrl = (env.MODELS_URL?.trim() || DEFAULT_MODELS_URL).replace(/\/+$/, '');
  if (!URL.canParse(baseUrl) || !/^https?:$/.test(new URL(baseUrl).protocol)) throw new Refusal(`MODELS_URL must be an http(s) address (it is ${baseUrl})`, 2);
  // As the server resolves it: DATA_DIR from the environment or .env, relative to where npm runs.
  const modelsDir = join(resolve(env.DATA_DIR?.trim() || './data'), 'models');
  const file = join(modelsDir, `ggml-${name}.bin`);
  const part = `${file}.part`;
  const url = `${baseUrl}/ggml-${name}.bin`;

  if (existsSync(file)) {
    console.log(`ggml-${name}.bin is already in place: ${file}`);
    return;
  }
  await mkdir(modelsDir, { recursive: true });
  await download(url, part, `ggml-${name}.bin`);

  console.log(`Checking ggml-${name}.bin against its published SHA-1…`);
  const actual = await sha1Of(part);
  if (actual !== sha1) {
    await rm(part, { force: true });
    throw new Refusal(`ggml-${name}.bin does not match its published SHA-1 (expected ${sha1}, got ${actual}): the download was deleted; run the same command to try again`, 1);
  }
  await rename(part, file);
  console.log(`ggml-${name}.bin is in place: ${file}`);
  console.log('Heirloom uses it from its next start (TRANSCRIBE=auto finds it there).');
}

/** Fills `part` from `url`, taking up from what it already holds; returns when the server has sent the whole file. */
async function download(url, part, label) {
  let fruitless = 0;
  let told = false;
  for (;;) {
    const have = (await stat(part).catch(() => null))?.size ?? 0;
    let outcome;
    try {
      outcome = await fetchInto(url, part, have, (total, resumed) => {
        if (!told || resumed) {
          console.log(
            resumed
              ? `Taking up ${label} at ${mib(have)} of ${total === null ? 'an unknown size' : mib(total)} from ${url}`
              : `Downloading ${label} (${total === null ? 'size unknown' : mib(total)}) from ${url}`,
          );
          told = true;
        }
      });
    } catch (error) {
      if (error instanceof Refusal) throw error;
      outcome = { done: false, reason: error?.cause?.message ?? error?.message ?? String(error) };
    }
    if (outcome.done) return;
    const now = (await stat(part).catch(() => null))?.size ?? 0;
    fruitless = now > have ? 0 : fruitless + 1;
    if (fruitless >= FRUITLESS_ATTEMPTS) {
      throw new Refusal(`The download broke off at ${mib(now)} (${outcome.reason}); ${label}.part is kept: run the same command again to take it up from there`, 1);
    }
    console.log(`The connection broke off at ${mib(now)} (${outcome.reason}); taking it up again`);
  }
}

/**
 * One request: from byte `have` on when the part file holds some. Resolves {done: true} when
 * the body ended whole, {done: false, reason} when it broke off; a refusal (HTTP error) throws.
 */
async function fetchInto(url, part, have, announce) {
  const controller = new AbortController();
  let stall = setTimeout(() => controller.abort(new Error(`nothing arrived for ${STALL_MS / 1000} s`)), STALL_MS);
  const headers = have > 0 ? { range: `bytes=${have}-` } : {};
  try {
    const response = await fetch(url, { headers, signal: controller.signal, redirect: 'follow' });
    if (response.status === 416 && have > 0) {
      // The part file already holds everything the server has: the hash decides.
      await response.body?.cancel();
      return { done: true };
    }
    if (response.status !== 200 && response.status !== 206) {
      await response.body?.cancel();
      throw new Refusal(`${url} answered HTTP ${response.status}${response.status === 404 ? ' (no such file there: check MODELS_URL)' : ''}`, 1);
    }
    const resumed = response.status === 206;
    const length = Number(response.headers.get('content-length') ?? NaN);
    const range = /^bytes (\d+)-\d+\/(\d+|\*)$/.exec(response.headers.get('content-range') ?? '');
    if (resumed && Number(range?.[1]) !== have) {
      // Bytes from elsewhere in the file would corrupt it: start over from the first byte.
      await response.body?.cancel();
      await rm(part, { force: true });
      return { done: false, reason: `the server sent another part of the file (${response.headers.get('content-range')})` };
    }
    const total = resumed ? (range?.[2] && range[2] !== '*' ? Number(range[2]) : null) : Number.isFinite(length) ? length : null;
    announce(total, resumed);
    let received = 0;
    let nextTenth = 1;
    const progress = new TransformStream({
      transform(chunk, stream) {
        clearTimeout(stall);
        stall = setTimeout(() => controller.abort(new Error(`nothing arrived for ${STALL_MS / 1000} s`)), STALL_MS);
        received += chunk.byteLength;
        const done = (resumed ? have : 0) + received;
        if (total && done / total >= nextTenth / 10) {
          console.log(`  ${Math.floor((done / total) * 100)} % (${mib(done)})`);
          nextTenth = Math.floor((done / total) * 10) + 1;
        }
        stream.enqueue(chunk);
      },
    });
    // A server that ignores Range sends the whole file again (200): the part file starts over.
    await pipeline(Readable.fromWeb(response.body.pipeThrough(progress)), createWriteStream(part, { flags: resumed ? 'a' : 'w' }));
    await flushToDisk(part);
    const size = (await stat(part)).size;
    if (total !== null && size < total) return { done: false, reason: `the server ended the file at ${mib(size)}` };
    return { done: true };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    await flushToDisk(part).catch(() => undefined);
    return { done: false, reason: controller.signal.aborted ? String(controller.signal.reason?.message) : (error?.cause?.message ?? error?.message ?? String(error)) };
  } finally {
    clearTimeout(stall);
  }
}

/** What was written reaches the disk before the next Range counts on its length. */
async function flushToDisk(path) {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function sha1Of(path) {
  const hash = createHash('sha1');
  for await (const chunk of createReadStream(path)) hash.update(chunk);
  return hash.digest('hex');
}

// As the server's own entry does: settings in .env count as the environment's.
if (existsSync('.env')) process.loadEnvFile('.env');
try {
  await main(process.argv.slice(2), process.env);
} catch (error) {
  if (error instanceof Refusal) {
    console.error(error.message);
    process.exitCode = error.exitCode;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
}

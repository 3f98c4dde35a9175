// Process entry: configuration → database (migrated) → listen; graceful shutdown on SIGTERM.
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolve } from 'node:path';
import { messages } from '../common/messages.js';
import { buildApp } from './app.js';
import { createContext } from './context.js';
import { ConfigError, loadConfig, transcriptionEngineLine, trustProxyWarning } from './config.js';
import { openConfiguredDatabase } from './db/open.js';
import { sweepAbandonedSpools } from './media/image-spool.js';
import { sweepOrphanMedia } from './media/orphans.js';
import { defaultWebRoot } from './paths.js';
import { createMediaStore } from './providers/storage/index.js';

/**
 * Files no row holds are left by requests cut off mid-way (a crash, a kill). With local
 * storage this process is the only writer, so whatever is older than its start is such a
 * leftover; a bucket is shared with other instances whose requests may be mid-way, so only
 * a file older than any request can be is swept there.
 */
const SHARED_STORE_ORPHAN_AGE_MS = 24 * 60 * 60_000;

/** After SIGTERM, how long new requests hear 503 before the listener closes (see shutdown). */
const DRAIN_MS = 1_000;

if (existsSync('.env')) process.loadEnvFile('.env');

async function main(): Promise<void> {
  const startedAt = new Date();
  const config = loadConfig();
  const media = await createMediaStore(config);
  const { db, dialect, close } = await openConfiguredDatabase(config, { migrate: true });

  // WEB_ROOT lets engineers run end-to-end specs side by side, each on a build of its own;
  // empty counts as unset, as for every other variable, and a relative path is taken from the
  // working folder, as DATA_DIR is.
  const webRoot = process.env.WEB_ROOT ? resolve(process.env.WEB_ROOT) : defaultWebRoot;
  const app = await buildApp({ ctx: createContext({ db, dialect, config, media, now: () => new Date() }), webRoot, logger: true });
  const trustWarning = trustProxyWarning(config);
  if (trustWarning) app.log.warn(trustWarning);
  let closing = false;
  // While closing (see shutdown), a new request is turned away with 503, on a kept-alive
  // connection too, and every response ends its connection: the client learns to go
  // elsewhere, and no kept-alive connection holds the process until its timeout (72 s).
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) return reply.status(503).send({ message: messages.serverRestarting });
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  await app.listen({ port: config.port, host: config.host });

  // After listening, so /healthz answers at once; a failed sweep costs nothing but a log line.
  const writtenBefore = media.driver === 'local' ? startedAt : new Date(startedAt.getTime() - SHARED_STORE_ORPHAN_AGE_MS);
  // This process is the local store's only writer: a temp file older than its start belongs to
  // a write that died with the process before it.
  void media.sweepTemp?.(startedAt).catch((error: unknown) => app.log.warn({ err: error }, 'The sweep of partial files left by interrupted uploads failed'));
  void sweepAbandonedSpools().then(
    (folders) => folders.length > 0 && app.log.info(`Removed ${folders.length} image spool folders of processes that were stopped mid-upload`),
    (error: unknown) => app.log.warn({ err: error }, 'The sweep of image spools left by stopped processes failed'),
  );
  void sweepOrphanMedia(db, media, { writtenBefore }).then(
    (keys) => keys.length > 0 && app.log.info(`Removed ${keys.length} stored files that no memory, comment or profile holds (left by interrupted requests)`),
    (error: unknown) => app.log.warn({ err: error }, 'The sweep of files left by interrupted requests failed; it runs again at the next start'),
  );
  app.log.info(`Heirloom is ready at ${config.publicUrl.origin} (${dialect})`);
  app.log.info(transcriptionEngineLine(config));

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: answering 503 to new requests, finishing those in flight, then stopping`);
    // A response whose headers left before the signal (a long download) said keep-alive;
    // its connection closes a second after it ends rather than 72 s.
    app.server.keepAliveTimeout = 1;
    // Closing the listener resets connections accepted but not yet read, and Node closes idle
    // kept-alive ones: a request on its way there is lost. A balancer that hears 503 sends
    // to another instance instead, so the listener stays open a moment to tell it. Someone
    // at a terminal (SIGINT) has no balancer.
    if (signal === 'SIGTERM') await sleep(DRAIN_MS);
    // The listener goes now, so new connections are refused; the server's close comes once the
    // requests in flight have finished and their connections ended. Then Fastify closes the
    // rest (it expects the listener may already be gone: ERR_SERVER_NOT_RUNNING). The line
    // says when a new connection is refused (shutdown.test waits for it).
    const inFlightDone = new Promise((resolve) => app.server.close(resolve));
    app.log.info(`${signal}: the listener is closed; finishing the requests in flight`);
    await inFlightDone;
    await app.close();
    await close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  }
  process.exit(1);
});

// Process entry: configuration → database (migrated) → listen; graceful shutdown on SIGTERM.
import { existsSync } from 'node:fs';
import { buildApp } from './app.js';
import { createContext } from './context.js';
import { ConfigError, loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/open.js';
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

if (existsSync('.env')) process.loadEnvFile('.env');

async function main(): Promise<void> {
  const startedAt = new Date();
  const config = loadConfig();
  const media = await createMediaStore(config);
  const { db, dialect, close } = await openConfiguredDatabase(config, { migrate: true });

  // WEB_ROOT lets engineers run end-to-end specs side by side, each on a build of its own.
  const webRoot = process.env.WEB_ROOT ?? defaultWebRoot;
  const app = await buildApp({ ctx: createContext({ db, dialect, config, media, now: () => new Date() }), webRoot, logger: true });
  await app.listen({ port: config.port, host: config.host });

  // After listening, so /healthz answers at once; a failed sweep costs nothing but a log line.
  const writtenBefore = media.driver === 'local' ? startedAt : new Date(startedAt.getTime() - SHARED_STORE_ORPHAN_AGE_MS);
  void sweepOrphanMedia(db, media, { writtenBefore }).then(
    (keys) => keys.length > 0 && app.log.info(`Removed ${keys.length} stored files that no memory, comment or profile holds (left by interrupted requests)`),
    (error: unknown) => app.log.warn({ err: error }, 'The sweep of files left by interrupted requests failed; it runs again at the next start'),
  );
  app.log.info(`Heirloom is ready at ${config.publicUrl.origin} (${dialect})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    // Requests in flight finish; new ones get 503 until the listener is gone.
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

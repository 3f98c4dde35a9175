// Process entry: configuration → database (migrated) → listen; graceful shutdown on SIGTERM.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { createContext } from './context.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { migrateToLatest } from './db/migrate.js';
import { createMediaStore } from './providers/storage/index.js';

if (existsSync('.env')) process.loadEnvFile('.env');

async function main(): Promise<void> {
  const config = loadConfig();
  const media = await createMediaStore(config);
  const { db, dialect, close } = openDatabase(config.databaseUrl);
  await migrateToLatest(db);

  // WEB_ROOT lets engineers run end-to-end specs side by side, each on a build of its own.
  const webRoot = process.env.WEB_ROOT ?? fileURLToPath(new URL('../dist/web', import.meta.url));
  const app = await buildApp({ ctx: createContext({ db, dialect, config, media, now: () => new Date() }), webRoot, logger: true });
  await app.listen({ port: config.port, host: config.host });
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

// What every feature needs from the running app, handed in rather than imported, so tests
// can build an app on any database and move its clock.
import type { Config } from './config.js';
import type { Db, Dialect } from './db/index.js';
import type { MediaStore } from './providers/storage/index.js';

export interface AppContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  /** Where media bytes live: DATA_DIR/media, or S3 (DESIGN "Media"). */
  media: MediaStore;
  /** The current time; tests replace it to move past expiry windows. */
  now(): Date;
}

export const iso = (date: Date): string => date.toISOString();

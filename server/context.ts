// What every feature needs from the running app, handed in rather than imported, so tests
// can build an app on any database and move its clock.
import type { Config } from './config.js';
import type { Db, Dialect } from './db/index.js';
import { Events } from './events.js';
import { createChatClient, createTranscriber, type ChatClient, type ConfiguredTranscriber } from './providers/ai/index.js';
import type { MediaStore } from './providers/storage/index.js';

export interface AppContext {
  db: Db;
  dialect: Dialect;
  config: Config;
  /** Where media bytes live: DATA_DIR/media, or S3 (DESIGN "Media"). */
  media: MediaStore;
  /**
   * The optional AI engines, built once; each is the 'none' driver when unconfigured. The
   * transcriber is the one TRANSCRIBE chose (local, service or none); the app closes it.
   */
  ai: { chat: ChatClient; transcriber: ConfiguredTranscriber };
  /** Typed in-process events between features (server/events.ts). */
  events: Events;
  /** The current time; tests replace it to move past expiry windows. */
  now(): Date;
}

/** The context of a running app, with its AI clients built from the configuration. */
export function createContext(parts: Pick<AppContext, 'db' | 'dialect' | 'config' | 'media' | 'now'> & Partial<Pick<AppContext, 'ai'>>): AppContext {
  return {
    ...parts,
    ai: parts.ai ?? { chat: createChatClient(parts.config.llm), transcriber: createTranscriber(parts.config) },
    events: new Events(),
  };
}

export const iso = (date: Date): string => date.toISOString();

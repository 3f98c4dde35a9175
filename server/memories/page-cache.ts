// Timeline pages as they were last sent, kept per instance and reused only while the
// database's content version (db/content-version.ts) is unchanged: any write to what a page
// shows or to who may see it, on any instance, raises that number. A page is kept per viewer,
// so one member's page never answers another's, and a session is still checked on every
// request before a page is looked up (auth/session-plugin.ts).
import { contentVersion } from '../db/content-version.js';
import type { Db } from '../db/index.js';

/** A family's pages are a few MB; a page is at most 100 memories (about 90 KB). */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

interface Entry {
  version: number;
  body: Buffer;
}

export class PageCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(private readonly maxBytes = DEFAULT_MAX_BYTES) {}

  /**
   * The body kept under `key` if the content version still is the one it was made at;
   * otherwise `make`'s, kept for next time. A `make` that throws (a 404, a bad cursor) keeps
   * nothing.
   */
  async answer(db: Db, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const version = await contentVersion(db);
    const kept = this.entries.get(key);
    if (kept?.version === version) {
      // Most recently used last, so the oldest is the first to go.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.body;
    }
    const body = await make();
    this.keep(key, { version, body });
    return body;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private keep(key: string, entry: Entry): void {
    this.forget(key);
    if (entry.body.length > this.maxBytes) return;
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

// Answers kept in memory by one instance, each under the content version (content-version.ts)
// it was read at, and given back only while the database still has that version: any write
// to a table they are made of, by any instance, raises it. The version only ever rises, so
// once a newer one is seen everything kept before it is dropped: what is kept is never more
// than the answers of one version, however often the family writes. Within that, the least
// recently used go first once the kept weight passes its limit. (A restore puts back an older
// number, which is why it asks for Heirloom to be stopped: README "Backups".)

interface Entry<T> {
  version: number;
  value: T;
  weight: number;
}

export class Kept<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private weight = 0;
  /** The newest version anything was kept at. */
  private version = -Infinity;

  /** `weigh` gives each value's share of `maxWeight` (bytes, or 1 to count entries). */
  constructor(
    private readonly maxWeight: number,
    private readonly weigh: (value: T) => number,
  ) {}

  /** The value kept under `key`, if it was read at `version`, the database's version now. */
  get(key: string, version: number): T | undefined {
    const entry = this.entries.get(key);
    if (entry?.version !== version) return undefined;
    // Most recently used last, so the oldest is the first to go.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Keeps `value`, read at `version`. The version must have been read before the value was:
   * whatever is read after it is as new or newer, so a value is never older than its label.
   */
  keep(key: string, version: number, value: T): void {
    // Read before a write another request has already seen: out of date as it is made.
    if (version < this.version) return;
    if (version > this.version) {
      this.entries.clear();
      this.weight = 0;
      this.version = version;
    }
    this.forget(key);
    const weight = this.weigh(value);
    if (weight > this.maxWeight) return;
    this.entries.set(key, { version, value, weight });
    this.weight += weight;
    for (const oldest of this.entries.keys()) {
      if (this.weight <= this.maxWeight) break;
      this.forget(oldest);
    }
  }

  get size(): { entries: number; weight: number } {
    return { entries: this.entries.size, weight: this.weight };
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}

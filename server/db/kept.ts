// Answers kept in memory by one instance, each under the content version (content-version.ts)
// it was read at, and given back only while the database still has that version: any write
// to a table they are made of, by any instance, raises it. The least recently used go first
// once the kept weight passes its limit.

interface Entry<T> {
  version: number;
  value: T;
  weight: number;
}

export class Kept<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private weight = 0;

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

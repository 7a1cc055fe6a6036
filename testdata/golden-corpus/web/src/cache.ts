// A small least-recently-used cache for rendered fragments.

export interface CacheEntry<V> {
  value: V;
  lastAccess: number;
}

/** Removes the entry that was used longest ago. */
export function evictOldest<V>(entries: Map<string, CacheEntry<V>>): string | undefined {
  let oldestKey: string | undefined;
  let oldest = Number.POSITIVE_INFINITY;
  for (const [key, entry] of entries) {
    if (entry.lastAccess < oldest) {
      oldest = entry.lastAccess;
      oldestKey = key;
    }
  }
  if (oldestKey !== undefined) {
    entries.delete(oldestKey);
  }
  return oldestKey;
}

export class LruCache<V> {
  private readonly entries = new Map<string, CacheEntry<V>>();

  constructor(private readonly capacity: number) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      entry.lastAccess = Date.now();
    }
    return entry?.value;
  }

  put(key: string, value: V): void {
    if (this.entries.size >= this.capacity) {
      evictOldest(this.entries);
    }
    this.entries.set(key, { value, lastAccess: Date.now() });
  }
}

import type { LRUCache } from 'lru-cache';
import type { AuthEvents } from '../services/auth-events.js';

/**
 * What the session cache and the catalogue cache share: a bounded LRU whose entries
 * the database's events drop. Nothing is served or kept while the events are not heard (a lost
 * LISTEN connection), and a load that overlapped an event is answered but not kept (it may have
 * read the row before the change). Each cache decides what an event drops (`drop`).
 */
export class EventDroppedCache<V extends object> {
  /** Counts events: a load that saw it change may hold a stale row. */
  private generation = 0;

  constructor(
    private readonly entries: LRUCache<string, V> | null,
    private readonly events: AuthEvents | null,
  ) {}

  private get usable() {
    return this.entries !== null && this.events?.live === true;
  }

  /** The entry of `key` when the cache is on, heard and holds it `fresh` (a stale one is removed). */
  hit(key: string, fresh: (entry: V) => boolean = () => true): V | undefined {
    if (!this.usable) return undefined;
    const entry = this.entries!.get(key);
    if (entry && fresh(entry)) return entry;
    if (entry) this.entries!.delete(key);
    return undefined;
  }

  /** `load`'s answer; `keep` makes the entry to store, unless an event arrived meanwhile or the cache is off or deaf. */
  async load<T>(key: string, load: () => Promise<T>, keep: (loaded: T) => V | null): Promise<T> {
    const usable = this.usable;
    const before = this.generation;
    const loaded = await load();
    if (usable && before === this.generation && this.events!.live) {
      const entry = keep(loaded);
      if (entry) this.entries!.set(key, entry);
    }
    return loaded;
  }

  /** On every event: loads in flight become stale; the entries `matches` names (all of them for 'all') are dropped. */
  drop(matches: ((entry: V) => boolean) | 'all') {
    this.generation++;
    if (!this.entries) return;
    if (matches === 'all') return this.entries.clear();
    const gone = [...this.entries.entries()].filter(([, entry]) => matches(entry)).map(([key]) => key);
    for (const key of gone) this.entries.delete(key);
  }

  get size() {
    return this.entries?.size ?? 0;
  }
}

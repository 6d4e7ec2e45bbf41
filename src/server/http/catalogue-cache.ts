import { LRUCache } from 'lru-cache';
import { CATALOGUE_EVENT_PREFIX, type AuthEvents } from '../services/auth-events.js';

export interface CatalogueCacheOptions {
  /** Rows kept across the answers (an answer counts its rows plus one; least recently used go first); 0 turns the cache off. */
  max: number;
  /** The safety net: an answer is read from the database again after this long, event or not. */
  ttlMs: number;
}

/** What a cached answer was read from: its community and every table its query reads. */
export interface CatalogueKey {
  communityId: number;
  /** The tables the catalogue's query reads (its own and its joins'): a change to any of them drops the answer. */
  reads: readonly string[];
  /** The route and its normalized input (page, size, search, a parent's uuid): one answer each. */
  request: string;
}

interface Entry {
  communityId: number;
  reads: readonly string[];
  answer: unknown;
  /** Its weight in the bound: its rows (a page's `content`, an option list's items) plus one. */
  size: number;
}

const rowsOf = (answer: unknown): number => {
  if (Array.isArray(answer)) return answer.length;
  const content = (answer as { content?: unknown } | null)?.content;
  return Array.isArray(content) ? content.length : 0;
};

/**
 * The community catalogues' list and option answers (issue 16 §1), an LRU in this process bounded
 * by the rows it holds, keyed by community and request. Migration 019's events drop every answer of
 * the changed community that reads the changed table (a zone renamed drops the zones', streets' and
 * common areas' pages); '*' and anything not understood drop everything. While the events are not heard
 * (a lost LISTEN connection) nothing is served from or kept in the cache; a load that overlapped an
 * event is answered but not kept (it may have read the row before the change).
 */
export class CatalogueCache {
  private readonly entries: LRUCache<string, Entry> | null;
  private generation = 0;

  constructor(private readonly events: AuthEvents | null, options: CatalogueCacheOptions) {
    this.entries = options.max > 0 && options.ttlMs > 0 && events
      ? new LRUCache({ maxSize: options.max, sizeCalculation: (entry: Entry) => entry.size, ttl: options.ttlMs })
      : null;
    events?.subscribe((payload) => this.onEvent(payload), 'catalogue');
  }

  /** The answer for `key`: from memory on a hit, else `load`'s (kept when no event arrived meanwhile). */
  async answer<T>(key: CatalogueKey, load: () => Promise<T>): Promise<T> {
    const usable = this.entries !== null && this.events!.live;
    const id = `${key.communityId}\u0000${key.request}`;
    if (usable) {
      const hit = this.entries!.get(id);
      if (hit) return hit.answer as T;
    }
    const before = this.generation;
    const loaded = await load();
    if (usable && before === this.generation && this.events!.live) {
      this.entries!.set(id, { communityId: key.communityId, reads: key.reads, answer: loaded, size: rowsOf(loaded) + 1 });
    }
    return loaded;
  }

  get size() { return this.entries?.size ?? 0; }

  private onEvent(payload: string) {
    this.generation++;
    const entries = this.entries;
    if (!entries) return;
    if (!payload.startsWith(CATALOGUE_EVENT_PREFIX)) return entries.clear();
    const [table, community] = payload.slice(CATALOGUE_EVENT_PREFIX.length).split(':');
    const communityId = community === undefined ? null : Number(community);
    if (!table || (communityId !== null && !Number.isInteger(communityId))) return entries.clear();
    const gone: string[] = [];
    for (const [id, entry] of entries.entries()) {
      if ((communityId === null || entry.communityId === communityId) && entry.reads.includes(table)) gone.push(id);
    }
    for (const id of gone) entries.delete(id);
  }
}

import { LRUCache } from 'lru-cache';
import { CATALOGUE_EVENT_PREFIX, type AuthEvents } from '../platform/services/auth-events.js';
import { EventDroppedCache } from '../platform/http/event-dropped-cache.js';

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
 * The community catalogues' list and option answers, an LRU in this process bounded
 * by the rows it holds, keyed by community and request. Migration 019's events drop every answer of
 * the changed community that reads the changed table (a zone renamed drops the zones', streets' and
 * common areas' pages); '*' and anything not understood drop everything. While the events are not heard
 * (a lost LISTEN connection) nothing is served from or kept in the cache; a load that overlapped an
 * event is answered but not kept (it may have read the row before the change).
 */
export class CatalogueCache {
  private readonly cache: EventDroppedCache<Entry>;

  constructor(events: AuthEvents | null, options: CatalogueCacheOptions) {
    const on = options.max > 0 && options.ttlMs > 0 && events;
    this.cache = new EventDroppedCache(
      on
        ? new LRUCache<string, Entry>({
            maxSize: options.max,
            sizeCalculation: (entry: Entry) => entry.size,
            ttl: options.ttlMs,
          })
        : null,
      events,
    );
    events?.subscribe((payload) => this.onEvent(payload), 'catalogue');
  }

  /** The answer for `key`: from memory on a hit, else `load`'s (kept when no event arrived meanwhile). */
  async answer<T>(key: CatalogueKey, load: () => Promise<T>): Promise<T> {
    const id = `${key.communityId}\u0000${key.request}`;
    const hit = this.cache.hit(id);
    if (hit) return hit.answer as T;
    return this.cache.load(id, load, (loaded) => ({
      communityId: key.communityId,
      reads: key.reads,
      answer: loaded,
      size: rowsOf(loaded) + 1,
    }));
  }

  get size() {
    return this.cache.size;
  }

  private onEvent(payload: string) {
    if (!payload.startsWith(CATALOGUE_EVENT_PREFIX)) return this.cache.drop('all');
    const [table, community] = payload.slice(CATALOGUE_EVENT_PREFIX.length).split(':');
    const communityId = community === undefined ? null : Number(community);
    if (!table || (communityId !== null && !Number.isInteger(communityId))) return this.cache.drop('all');
    this.cache.drop(
      (entry) => (communityId === null || entry.communityId === communityId) && entry.reads.includes(table),
    );
  }
}

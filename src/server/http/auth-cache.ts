import { LRUCache } from 'lru-cache';
import type { AuthEvents } from '../services/auth-events.js';
import type { AuthContext } from './auth-context.js';
import type { DeviceContext } from './device-auth.js';

/** What a token resolved to, and until when its row says it is valid. */
export type CachedPrincipal =
  | { kind: 'session'; auth: AuthContext; expiresAt: number }
  | { kind: 'device'; device: DeviceContext; expiresAt: number };

export interface AuthCacheOptions {
  /** Entries kept (least recently used go first); 0 turns the cache off. */
  max: number;
  /** The safety net: an entry is read from the database again after this long, event or not. */
  ttlMs: number;
}

/**
 * Resolved tokens by token hash (issue 16 §1), a bounded LRU in this process. A hit costs no
 * query; a miss loads from the database and is kept unless an auth event arrived while it loaded
 * (the loaded row may predate the change). Events drop entries: 's:'/'c:' a session, 'u:' every
 * session of an account, 'd:' a device's token, anything else everything. While the events are
 * not heard (a lost LISTEN connection) nothing is served from the cache.
 */
export class AuthCache {
  private readonly entries: LRUCache<string, CachedPrincipal> | null;
  /** Counts events: a load that saw it change may hold a stale row, so it is answered but not kept. */
  private generation = 0;

  constructor(private readonly events: AuthEvents | null, options: AuthCacheOptions) {
    this.entries = options.max > 0 && options.ttlMs > 0 && events ? new LRUCache({ max: options.max, ttl: options.ttlMs }) : null;
    events?.subscribe((payload) => this.onEvent(payload));
  }

  /** The principal for a token hash: from memory on a hit, else `load`'s answer (null: refused). */
  async resolve(hash: string, load: () => Promise<CachedPrincipal | null>): Promise<CachedPrincipal | null> {
    const usable = this.entries && this.events?.live;
    if (usable) {
      const hit = this.entries!.get(hash);
      if (hit && hit.expiresAt > Date.now()) return hit;
      if (hit) this.entries!.delete(hash);
    }
    const before = this.generation;
    const loaded = await load();
    if (usable && loaded && before === this.generation && this.events!.live) this.entries!.set(hash, loaded);
    return loaded;
  }

  get size() { return this.entries?.size ?? 0; }

  private onEvent(payload: string) {
    this.generation++;
    const entries = this.entries;
    if (!entries) return;
    const [kind, id] = [payload.slice(0, 2), Number(payload.slice(2))];
    const matches = kind === 's:' || kind === 'c:' ? (p: CachedPrincipal) => p.kind === 'session' && p.auth.sessionId === id
      : kind === 'u:' ? (p: CachedPrincipal) => p.kind === 'session' && p.auth.userId === id
        : kind === 'd:' ? (p: CachedPrincipal) => p.kind === 'device' && p.device.deviceId === id
          : null;
    if (!matches || !Number.isFinite(id)) return entries.clear();
    const gone = [...entries.entries()].filter(([, principal]) => matches(principal)).map(([hash]) => hash);
    for (const hash of gone) entries.delete(hash);
  }
}

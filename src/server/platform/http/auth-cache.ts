import { LRUCache } from 'lru-cache';
import type { AuthEvents } from '../services/auth-events.js';
import type { AuthContext } from './auth-context.js';
import type { DeviceContext } from '../../devices/device-auth.js';
import { EventDroppedCache } from './event-dropped-cache.js';

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

const unexpired = (p: CachedPrincipal) => p.expiresAt > Date.now();

/**
 * Resolved tokens by token hash, a bounded LRU in this process. A hit costs no
 * query; a miss loads from the database and is kept unless an auth event arrived while it loaded
 * (the loaded row may predate the change). Events drop entries: 's:'/'c:' a session, 'u:' every
 * session of an account, 'd:' a device's token, anything else everything. While the events are
 * not heard (a lost LISTEN connection) nothing is served from the cache.
 */
export class AuthCache {
  private readonly cache: EventDroppedCache<CachedPrincipal>;

  constructor(events: AuthEvents | null, options: AuthCacheOptions) {
    const on = options.max > 0 && options.ttlMs > 0 && events;
    this.cache = new EventDroppedCache(
      on ? new LRUCache<string, CachedPrincipal>({ max: options.max, ttl: options.ttlMs }) : null,
      events,
    );
    events?.subscribe((payload) => this.onEvent(payload));
  }

  /** The principal for a token hash: from memory on a hit, else `load`'s answer (null: refused). */
  async resolve(hash: string, load: () => Promise<CachedPrincipal | null>): Promise<CachedPrincipal | null> {
    return this.peek(hash) ?? this.cache.load(hash, load, (loaded) => loaded);
  }

  /** The principal for a token hash when memory holds it valid, without waiting (the request pipeline's fast path). */
  peek(hash: string): CachedPrincipal | undefined {
    return this.cache.hit(hash, unexpired);
  }

  get size() {
    return this.cache.size;
  }

  private onEvent(payload: string) {
    const [kind, id] = [payload.slice(0, 2), Number(payload.slice(2))];
    const matches =
      kind === 's:' || kind === 'c:'
        ? (p: CachedPrincipal) => p.kind === 'session' && p.auth.sessionId === id
        : kind === 'u:'
          ? (p: CachedPrincipal) => p.kind === 'session' && p.auth.userId === id
          : kind === 'd:'
            ? (p: CachedPrincipal) => p.kind === 'device' && p.device.deviceId === id
            : null;
    this.cache.drop(matches && Number.isFinite(id) ? matches : 'all');
  }
}

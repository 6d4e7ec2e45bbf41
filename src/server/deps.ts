import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './platform/db/db.js';
import type { CatalogueCache } from './catalogues/catalogue-cache.js';
import type { Realtime } from './platform/plugins/realtime.js';
import type { DevicePresence } from './devices/device-presence.js';
import type { CounterStore } from './platform/services/counter-store.js';
import type { FailureThrottle, SignInThrottle } from './session/login-throttle.js';
import type { Mailer } from './platform/services/mail.js';

/** What route modules receive: infrastructure only, never request state. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Shared counters: the database's, or Redis's when REDIS_URL is set. */
  counters: CounterStore;
  throttles: { signIn: SignInThrottle; residentCode: FailureThrottle; deviceLink: FailureThrottle };
  client: { id: string; secret: string };
  publicUrl: string;
  /** socket.io on the API server: emits visit events to a community's dashboards. */
  realtime: Realtime;
  /** Devices' heartbeats and the offline sweep. */
  devicePresence: DevicePresence;
  /** The community catalogues' list answers in memory, dropped by migration 019's events. */
  catalogueCache: CatalogueCache;
}

/** A route module registers the routes of one resource. */
export type RouteModule = (app: FastifyInstance, deps: AppDeps) => void;

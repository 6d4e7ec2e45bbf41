import type { RouteModule } from '../deps.js';
import { accountRoutes } from './account.routes.js';
import { addressRoutes } from './addresses.routes.js';
import { oauthRoutes } from './oauth.routes.js';
import { registrationRoutes } from './registration.routes.js';

/** Every resource's route module, one line each. */
export const routeModules: RouteModule[] = [
  oauthRoutes,
  accountRoutes,
  registrationRoutes,
  addressRoutes,
];

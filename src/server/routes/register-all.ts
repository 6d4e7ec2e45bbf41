import type { RouteModule } from '../deps.js';
import { accountRoutes } from './account.routes.js';
import { addressRoutes } from './addresses.routes.js';
import { oauthRoutes } from './oauth.routes.js';
import { registrationRoutes } from './registration.routes.js';
import { carBrandRoutes } from './car-brands.routes.js';
import { colorRoutes } from './colors.routes.js';
import { commonAreaRoutes } from './common-areas.routes.js';
import { gateRoutes } from './gates.routes.js';
import { providerTypeRoutes } from './provider-types.routes.js';
import { streetRoutes } from './streets.routes.js';
import { userTypeRoutes } from './user-types.routes.js';
import { zoneRoutes } from './zones.routes.js';
import { adminOptionsRoutes } from './admin-options.routes.js';
import { fracLogoRoutes } from './frac-logo.routes.js';
import { fracRoutes } from './fracs.routes.js';
import { integratorDashboardRoutes } from './integrator-dashboard.routes.js';
import { integratorRoutes } from './integrators.routes.js';
import { administrativeVisitRoutes } from './administrative-visits.routes.js';
import { userRoutes } from './users.routes.js';
import { visitantDashboardRoutes } from './visitant-dashboard.routes.js';
import { visitantRoutes } from './visitants.routes.js';
import { phoneRoutes } from './phones.routes.js';
import { residentCodeRoutes } from './resident-codes.routes.js';
import { residentImportRoutes } from './resident-import.routes.js';
import { residentEmailRoutes } from './resident-emails.routes.js';
import { residentRoutes } from './residents.routes.js';
import { deviceLinkRoutes } from './device-link.routes.js';
import { deviceRoutes } from './devices.routes.js';
import { fracSettingsRoutes } from './frac-settings.routes.js';
import { newsletterRoutes } from './newsletters.routes.js';
import { noticeRoutes } from './notices.routes.js';
import { promotionRoutes } from './promotions.routes.js';
import { commonAreaVisitRoutes } from './common-area-visits.routes.js';
import { visitPhotoRoutes } from './visit-photos.routes.js';
import { visitantReportRoutes } from './visitant-reports.routes.js';
import { massiveEventRoutes } from './massive-events.routes.js';
import { massiveEventGuestRoutes } from './massive-event-guests.routes.js';
import { passRoutes } from './passes.routes.js';
import { invitationRoutes } from './invitations.routes.js';
import { contractorRoutes } from './contractors.routes.js';
import { constructionRoutes } from './constructions.routes.js';
import { guestCheckinRoutes } from './guest-checkins.routes.js';
import { auditRoutes } from './audit.routes.js';
import { constructionWorkerRoutes } from './construction-workers.routes.js';
import { workerRequestRoutes } from './worker-requests.routes.js';

/** Every resource's route module, one line each. */
export const routeModules: RouteModule[] = [
  oauthRoutes,
  accountRoutes,
  registrationRoutes,
  addressRoutes,
  carBrandRoutes,
  colorRoutes,
  commonAreaRoutes,
  gateRoutes,
  providerTypeRoutes,
  streetRoutes,
  userTypeRoutes,
  zoneRoutes,
  integratorDashboardRoutes,
  integratorRoutes,
  fracRoutes,
  fracLogoRoutes,
  adminOptionsRoutes,
  userRoutes,
  administrativeVisitRoutes,
  visitantRoutes,
  visitantDashboardRoutes,
  residentRoutes,
  residentEmailRoutes,
  residentCodeRoutes,
  residentImportRoutes,
  phoneRoutes,
  deviceRoutes,
  deviceLinkRoutes,
  noticeRoutes,
  newsletterRoutes,
  promotionRoutes,
  fracSettingsRoutes,
  visitantReportRoutes,
  commonAreaVisitRoutes,
  visitPhotoRoutes,
  massiveEventRoutes,
  massiveEventGuestRoutes,
  passRoutes,
  invitationRoutes,
  contractorRoutes,
  constructionRoutes,
  guestCheckinRoutes,
  auditRoutes,
  constructionWorkerRoutes,
  workerRequestRoutes,
];

import type { RouteModule } from './deps.js';
import { accountRoutes } from './session/account.routes.js';
import { addressRoutes } from './platform/http/addresses.routes.js';
import { oauthRoutes } from './session/oauth.routes.js';
import { registrationRoutes } from './session/registration.routes.js';
import { carBrandRoutes } from './catalogues/car-brands.routes.js';
import { colorRoutes } from './catalogues/colors.routes.js';
import { commonAreaRoutes } from './catalogues/common-areas.routes.js';
import { gateRoutes } from './catalogues/gates.routes.js';
import { providerTypeRoutes } from './catalogues/provider-types.routes.js';
import { streetRoutes } from './catalogues/streets.routes.js';
import { userTypeRoutes } from './users/user-types.routes.js';
import { zoneRoutes } from './catalogues/zones.routes.js';
import { adminOptionsRoutes } from './catalogues/admin-options.routes.js';
import { communityLogoRoutes } from './communities/community-logo.routes.js';
import { communityRoutes } from './communities/communities.routes.js';
import { integratorDashboardRoutes } from './dashboard/integrator-dashboard.routes.js';
import { integratorRoutes } from './integrators/integrators.routes.js';
import { administrativeVisitRoutes } from './visits/administrative-visits.routes.js';
import { userRoutes } from './users/users.routes.js';
import { visitantDashboardRoutes } from './dashboard/visitant-dashboard.routes.js';
import { visitantRoutes } from './visits/visitants.routes.js';
import { phoneRoutes } from './residents/phones.routes.js';
import { residentCodeRoutes } from './residents/resident-codes.routes.js';
import { residentImportRoutes } from './residents/resident-import.routes.js';
import { residentEmailRoutes } from './residents/resident-emails.routes.js';
import { residentRoutes } from './residents/residents.routes.js';
import { residentLookupRoutes } from './residents/resident-lookups.routes.js';
import { deviceLinkRoutes } from './devices/device-link.routes.js';
import { deviceRoutes } from './devices/devices.routes.js';
import { communitySettingsRoutes } from './settings/community-settings.routes.js';
import { newsletterRoutes } from './content/newsletters.routes.js';
import { noticeRoutes } from './content/notices.routes.js';
import { promotionRoutes } from './content/promotions.routes.js';
import { commonAreaVisitRoutes } from './visits/common-area-visits.routes.js';
import { visitPhotoRoutes } from './visits/visit-photos.routes.js';
import { visitantReportRoutes } from './reports/visitant-reports.routes.js';
import { massiveEventRoutes } from './massive-events/massive-events.routes.js';
import { massiveEventDesignRoutes } from './massive-events/massive-event-design.routes.js';
import { massiveEventGuestRoutes } from './massive-events/massive-event-guests.routes.js';
import { passRoutes } from './passes/passes.routes.js';
import { invitationRoutes } from './massive-events/invitations.routes.js';
import { contractorRoutes } from './contractors/contractors.routes.js';
import { constructionRoutes } from './contractors/constructions.routes.js';
import { guestCheckinRoutes } from './passes/guest-checkins.routes.js';
import { offlineGateRoutes } from './passes/offline-gate.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { constructionWorkerRoutes } from './contractors/construction-workers.routes.js';
import { workerDecisionRoutes } from './contractors/worker-decisions.routes.js';
import { workerDownloadRoutes } from './contractors/worker-downloads.routes.js';
import { workerRequestRoutes } from './contractors/worker-requests.routes.js';

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
  communityRoutes,
  communityLogoRoutes,
  adminOptionsRoutes,
  userRoutes,
  administrativeVisitRoutes,
  visitantRoutes,
  visitantDashboardRoutes,
  residentRoutes,
  residentLookupRoutes,
  residentEmailRoutes,
  residentCodeRoutes,
  residentImportRoutes,
  phoneRoutes,
  deviceRoutes,
  deviceLinkRoutes,
  noticeRoutes,
  newsletterRoutes,
  promotionRoutes,
  communitySettingsRoutes,
  visitantReportRoutes,
  commonAreaVisitRoutes,
  visitPhotoRoutes,
  massiveEventRoutes,
  massiveEventDesignRoutes,
  massiveEventGuestRoutes,
  passRoutes,
  invitationRoutes,
  contractorRoutes,
  constructionRoutes,
  guestCheckinRoutes,
  offlineGateRoutes,
  auditRoutes,
  constructionWorkerRoutes,
  workerDecisionRoutes,
  workerDownloadRoutes,
  workerRequestRoutes,
];

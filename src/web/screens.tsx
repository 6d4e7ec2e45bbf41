import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths } from './paths.js';

/** A screen of the shell: its route, its title and, once built, its lazily loaded view. */
export interface Screen {
  path: string;
  title: string;
  view?: LazyExoticComponent<ComponentType>;
}

/** Lazy view from a module's named export: `view: named(() => import('./views/x/x.view.js'), 'XView')`. */
const named = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** Every signed-in route of spec 1's table. Screens not built yet show their heading only. */
export const screens: Screen[] = [
  { path: paths.home, title: 'Inicio', view: named(() => import('./views/dashboard/home.view.js'), 'HomeView') },
  {
    path: paths.create,
    title: 'Crear evento masivo',
    view: named(() => import('./views/massive-events/event-wizard.view.js'), 'EventWizardView'),
  },
  {
    path: paths.massiveEvents,
    title: 'Eventos masivos',
    view: named(() => import('./views/massive-events/massive-events.view.js'), 'MassiveEventsView'),
  },
  {
    path: paths.guests,
    title: 'Invitados al evento',
    view: named(() => import('./views/massive-events/guests.view.js'), 'GuestsView'),
  },
  {
    path: paths.contractors,
    title: 'Contratistas de obra',
    view: named(() => import('./views/contractors/contractors.view.js'), 'ContractorsView'),
  },
  {
    path: paths.createContractor,
    title: 'Registrar contratista',
    view: named(() => import('./views/contractors/contractor-form.view.js'), 'ContractorFormView'),
  },
  {
    path: paths.constructions,
    title: 'Obras',
    view: named(() => import('./views/contractors/constructions.view.js'), 'ConstructionsView'),
  },
  {
    path: paths.constructionsContractor,
    title: 'Obras',
    view: named(() => import('./views/contractors/contractor-sites.view.js'), 'ContractorSitesView'),
  },
  {
    path: paths.createConstruction,
    title: 'Registrar obra',
    view: named(() => import('./views/contractors/construction-form.view.js'), 'ConstructionFormView'),
  },
  {
    path: paths.workers,
    title: 'Trabajadores de obra',
    view: named(() => import('./views/contractors/workers.view.js'), 'WorkersView'),
  },
  {
    path: paths.createWorker,
    title: 'Registrar trabajador',
    view: named(() => import('./views/contractors/worker-form.view.js'), 'WorkerFormView'),
  },
  {
    path: paths.workersRequest,
    title: 'Solicitudes',
    view: named(() => import('./views/contractors/worker-requests.view.js'), 'WorkerRequestsView'),
  },
  {
    path: paths.configuration,
    title: 'Ajustes',
    view: named(() => import('./views/settings/settings.view.js'), 'SettingsView'),
  },
  {
    path: paths.gates,
    title: 'Puertas de acceso',
    view: named(() => import('./views/catalogues/gates.view.js'), 'GatesView'),
  },
  { path: paths.zones, title: 'Zonas', view: named(() => import('./views/catalogues/zones.view.js'), 'ZonesView') },
  {
    path: paths.streets,
    title: 'Calles',
    view: named(() => import('./views/catalogues/streets.view.js'), 'StreetsView'),
  },
  {
    path: paths.commonAreas,
    title: 'Áreas comunes',
    view: named(() => import('./views/catalogues/common-areas.view.js'), 'CommonAreasView'),
  },
  { path: paths.users, title: 'Usuarios', view: named(() => import('./views/users/users.view.js'), 'UsersView') },
  {
    path: paths.providers,
    title: 'Proveedores',
    view: named(() => import('./views/catalogues/providers.view.js'), 'ProvidersView'),
  },
  {
    path: paths.checkin,
    title: 'Acceso a eventos y obras',
    view: named(() => import('./views/passes/checkin.view.js'), 'CheckinView'),
  },
  {
    path: paths.qrcodes,
    title: 'Dispositivos',
    view: named(() => import('./views/devices/devices.view.js'), 'DevicesView'),
  },
  {
    path: paths.residents,
    title: 'Residentes',
    view: named(() => import('./views/residents/residents.view.js'), 'ResidentsView'),
  },
  {
    path: paths.newResidents,
    title: 'Alta residente',
    view: named(() => import('./views/residents/resident-form.view.js'), 'ResidentFormView'),
  },
  {
    path: paths.visitants,
    title: 'Reportes',
    view: named(() => import('./views/reports/visit-report.view.js'), 'VisitReportView'),
  },
  {
    path: paths.visitantes,
    title: 'Reportes',
    view: named(() => import('./views/reports/visit-report.view.js'), 'VisitReportView'),
  },
  { path: paths.audit, title: 'Auditoría', view: named(() => import('./views/audit/audit.view.js'), 'AuditView') },
  {
    path: paths.commonAreaVisitants,
    title: 'Reporte áreas comunes',
    view: named(() => import('./views/reports/common-area-report.view.js'), 'CommonAreaReportView'),
  },
  { path: paths.notices, title: 'Avisos', view: named(() => import('./views/content/notices.view.js'), 'NoticesView') },
  {
    path: paths.newNotice,
    title: 'Nuevo aviso',
    view: named(() => import('./views/content/notice-form.view.js'), 'NoticeFormView'),
  },
  {
    path: paths.newsletters,
    title: 'Boletines',
    view: named(() => import('./views/content/newsletters.view.js'), 'NewslettersView'),
  },
  {
    path: paths.newNews,
    title: 'Nuevo boletín',
    view: named(() => import('./views/content/newsletter-form.view.js'), 'NewsletterFormView'),
  },
  {
    path: paths.promotions,
    title: 'Promociones',
    view: named(() => import('./views/content/promotions.view.js'), 'PromotionsView'),
  },
  {
    path: paths.newPromotion,
    title: 'Nueva promoción',
    view: named(() => import('./views/content/promotion-form.view.js'), 'PromotionFormView'),
  },
  {
    path: paths.fracs,
    title: 'Fraccionamientos',
    view: named(() => import('./views/communities/communities.view.js'), 'CommunitiesView'),
  },
  {
    path: paths.newFrac,
    title: 'Alta fraccionamiento',
    view: named(() => import('./views/communities/community-form.view.js'), 'CommunityFormView'),
  },
  {
    path: paths.integrators,
    title: 'Integradores',
    view: named(() => import('./views/integrators/integrators.view.js'), 'IntegratorsView'),
  },
  {
    path: paths.newIntegrator,
    title: 'Alta integrador',
    view: named(() => import('./views/integrators/integrator-form.view.js'), 'IntegratorFormView'),
  },
  {
    path: paths.usersTypes,
    title: 'Tipos de usuario',
    view: named(() => import('./views/users/user-types.view.js'), 'UserTypesView'),
  },
  {
    path: paths.carBrands,
    title: 'Marcas de vehículos',
    view: named(() => import('./views/catalogues/car-brands.view.js'), 'CarBrandsView'),
  },
  {
    path: paths.colors,
    title: 'Colores',
    view: named(() => import('./views/catalogues/colors.view.js'), 'ColorsView'),
  },
];

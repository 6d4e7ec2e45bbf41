/**
 * Contractors' and construction sites' rules shared by the web and the server.
 */
import { localNow } from '../massive-events/massive-event-rules.js';
import type { Role } from '../platform/roles.js';

// Who manages contractors lives in a small module of its own: the menu reads it on the first screen.
import { CONTRACTOR_MANAGERS } from './contractor-access.js';
export { CONTRACTOR_MANAGERS };
/** Sites are read by the staff and by contractors (their own only). */
export const CONSTRUCTION_READERS: readonly Role[] = [...CONTRACTOR_MANAGERS, 'contractor'];

export const CONTRACTORS_PAGE_SIZE = 10;
export const CONSTRUCTIONS_PAGE_SIZE = 10;
export const SITE_DATE_CEILING = '2100-12-30';
export const SITE_NAME_MAX = 64;
export const TERRAIN_NUMBER_MAX = 10;
export const SITE_NUMBER_MAX = 10;

/** Today in the community's time zone (YYYY-MM-DD): the earliest start of a new site. */
export const siteToday = (at: number = Date.now()) => localNow(at).slice(0, 10);

/** How a contractor's home names a site's requests. */
export type SiteRequestStatus = 'none' | 'approved' | 'rejected' | 'pending';
export interface SiteWorkerCounts {
  workerCount: number;
  approved: number;
  rejected: number;
  pending: number;
  rejectedWorker: string | null;
}

export function siteRequestStatus(site: SiteWorkerCounts): SiteRequestStatus {
  if (site.workerCount === 0) return 'none';
  if (site.rejected > 0) return 'rejected';
  if (site.approved === site.workerCount) return 'approved';
  return 'pending';
}

/** The status text of the contractor's home; a site without workers has no request yet. */
export function siteStatusText(site: SiteWorkerCounts): string {
  switch (siteRequestStatus(site)) {
    case 'none':
      return 'Sin solicitudes';
    case 'approved':
      return 'Solicitud aprobada';
    case 'rejected':
      return site.rejectedWorker ? `Solicitud rechazada: ${site.rejectedWorker}` : 'Solicitud rechazada';
    default:
      return 'Solicitud pendiente';
  }
}
/** Shown with 'Solicitud pendiente' when a site's status could not be read. */
export const SITE_STATUS_ERROR = 'Esta obra tiene un error';

export const ContractorTexts = {
  title: 'Contratistas de obra',
  create: 'Registrar contratista',
  edit: 'Editar contratista',
  created: 'Contratista creado correctamente',
  updated: '¡Contratista actualizado!',
  deleted: 'Contratista eliminado correctamente',
  mailSent: 'Correo enviado',
  resendOne: 'No se puede reenviar el código a más de un contratista a la vez.',
  selectOne: 'Es necesario seleccionar un contratista...',
  editOne: 'No es posible editar más de un contratista a la vez',
  deleteOne: 'No es posible eliminar más de un contratista a la vez',
  inUse: 'No es posible eliminar al contratista porque tiene obras registradas.',
  notFound: 'El contratista no existe.',
  duplicate: 'El correo ya existe',
} as const;

export const ConstructionTexts = {
  title: 'Obras',
  create: 'Registrar obra',
  edit: 'Editar obra',
  created: '¡Registro exitoso!',
  updated: '¡Edición exitosa!',
  deleted: '¡Eliminación exitosa!',
  selectOne: 'Para realizar esta acción, asegúrate de seleccionar una obra',
  editOne: 'No es posible editar más de una obra a la vez',
  deleteOne: 'No es posible eliminar más de una obra a la vez',
  hasWorkers:
    'No es posible eliminar la obra porque tiene trabajadores registrados. Elimina primero a sus trabajadores.',
  notFound: 'La obra no existe.',
  streetNotFound: 'La calle seleccionada no existe.',
  contractorNotFound: 'El contratista seleccionado no existe.',
} as const;

export const contractorEditPath = (uuid: string) => `/createContractor?token=${encodeURIComponent(uuid)}`;
export const constructionEditPath = (uuid: string) => `/createConstruction?token=${encodeURIComponent(uuid)}`;
export const siteWorkersPath = (uuid: string) => `/workers?construction=${encodeURIComponent(uuid)}`;
export const siteAddWorkerPath = (uuid: string) => `/createWorker?construction=${encodeURIComponent(uuid)}`;

/** The end picker is disabled until a start is chosen, and never offers a day before it. */
export const endPickerEnabled = (values: { startDate?: unknown }) =>
  typeof values.startDate === 'string' && values.startDate !== '';
/** The earliest start the picker offers: today, or the kept start of a running site being edited. */
export const earliestStart = (today: string, keptStart: unknown) =>
  typeof keptStart === 'string' && keptStart !== '' && keptStart < today ? keptStart : today;
/** A site's estimated period as the list shows it (dd/mm/aaaa – dd/mm/aaaa). */
export const sitePeriod = (s: { startDate: string; endDate: string }) => `${dmy(s.startDate)} – ${dmy(s.endDate)}`;
const dmy = (iso: string) => iso.split('-').reverse().join('/');

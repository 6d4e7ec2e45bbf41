/**
 * Construction workers' status rules and messages, shared by the server,
 * the machines and the views.
 */
import type { Role } from '../platform/roles.js';

/**
 * A document image (identification, proof of address) is at most 2048 pixels on its longer side
 * when sent: legible at 200 dpi on a letter page (1700x2200). The web shrinks a larger photo to it
 * before sending; the server refuses more than 2048x2048 pixels before decoding (413).
 */
export const WORKER_DOCUMENT_MAX_SIDE = 2048;
export const WORKER_DOCUMENT_MAX_PIXELS = WORKER_DOCUMENT_MAX_SIDE * WORKER_DOCUMENT_MAX_SIDE;

export const WorkerStatus = { pending: 'Pendiente', approved: 'Aprobado', rejected: 'Rechazado' } as const;
export type WorkerStatusName = (typeof WorkerStatus)[keyof typeof WorkerStatus];

export const WorkerMessages = {
  approveOnlyNonApproved: 'Solamente puedes aprobar solicitudes pendientes.',
  rejectOnlyPending: 'Solo se pueden rechazar solicitudes pendientes.',
  alreadyRejected: 'El trabajador ya ha sido rechazado',
  editOnlyNonApproved: 'Solo se puedan editar trabajadores que no han sido aprobados.',
  /** A contractor cannot edit workers (the text is ours; the spec gives none). */
  editOnlyAdministrators: 'Solo un administrador puede editar trabajadores.',
  /** Selection rules, for the workers' cards. */
  selectOne: 'Para realizar esta acción, asegúrate de seleccionar un trabajador',
  deleteTitle: '¿Seguro que deseas eliminar a este trabajador?',
  deleteDetail: 'No podrás revertir esta acción',
  credentialsOnlyApproved: 'Solo es posible visualizar credenciales de trabajadores aprobados.',
  noPending: 'No hay solicitudes pendientes',
  reasonRequired: 'Escribe el motivo del rechazo.',
  reasonTooLong: 'El motivo no debe tener más de 500 caracteres.',
  notFound: 'El trabajador no existe.',
  constructionNotFound: 'La obra no existe.',
  noWorkers: 'Agrega por lo menos a un trabajador.',
  approved: '¡Solicitud Aprobada!',
  rejected: '¡Solicitud rechazada!',
  allApproved: '¡Solicitudes aceptadas correctamente!',
  allRejected: '¡Solicitudes rechazadas correctamente!',
  failureTitle: 'Solicitud no completada',
  forbiddenTitle: 'No se puede realizar la siguiente acción',
  deleted: 'Trabajador eliminado correctamente',
  created: 'Trabajador creado correctamente',
  requested: 'Solicitud de trabajador enviada',
  updated: '¡Trabajador actualizado exitosamente!',
  downloaded: 'Descarga completada',
} as const;

export const REJECT_REASON_MAX = 500;
/** Page sizes of the workers' cards and of the requests. */
export const WORKERS_PAGE_SIZE = 10;
export const WORKER_REQUESTS_PAGE_SIZE = 20;
export const WORKER_NAME_MAX = 64;

/** Approve: only a worker that is not approved. Answers the refusal's message, or null. */
export function approveRefusal(status: string): string | null {
  return status === WorkerStatus.approved ? WorkerMessages.approveOnlyNonApproved : null;
}

/** Reject: only a pending worker. */
export function rejectRefusal(status: string): string | null {
  if (status === WorkerStatus.rejected) return WorkerMessages.alreadyRejected;
  if (status !== WorkerStatus.pending) return WorkerMessages.rejectOnlyPending;
  return null;
}

/** Edit: only a worker that is not approved. */
export function editRefusal(status: string): string | null {
  return status === WorkerStatus.approved ? WorkerMessages.editOnlyNonApproved : null;
}

/** Edit goes to ./createWorker?token={id}. */
export const workerEditPath = (uuid: string) => `/createWorker?token=${encodeURIComponent(uuid)}`;

/** Credentials: only approved workers. */
export function credentialRefusal(status: string): string | null {
  return status === WorkerStatus.approved ? null : WorkerMessages.credentialsOnlyApproved;
}

/** Approve all / reject all touch only the site's pending workers. */
export function pendingOf<T extends { status: string }>(workers: readonly T[]): T[] {
  return workers.filter((w) => w.status === WorkerStatus.pending);
}

/** The card's border colour: green approved, red rejected, amber pending. */
export function workerBorderColor(status: string): 'green.500' | 'red.500' | 'orange.400' {
  if (status === WorkerStatus.approved) return 'green.500';
  if (status === WorkerStatus.rejected) return 'red.500';
  return 'orange.400';
}

/** Site status for the contractor. */
export function siteRequestStatus(workers: readonly { status: string; firstName: string; lastName: string }[]): string {
  const rejected = workers.find((w) => w.status === WorkerStatus.rejected);
  if (rejected) return `Solicitud rechazada: ${rejected.firstName} ${rejected.lastName}`.trim();
  if (workers.length && workers.every((w) => w.status === WorkerStatus.approved)) return 'Solicitud aprobada';
  return 'Solicitud pendiente';
}

/** Who reads workers (staff roles are administrators; a resident or guard is refused). */
export const WORKER_READERS: readonly Role[] = ['admin', 'capturista', 'integrator', 'generalAdmin', 'contractor'];
/** Who creates, edits, approves, rejects and deletes workers directly (any staff role is an administrator). */
export const WORKER_ADMINS: readonly Role[] = ['admin', 'capturista', 'integrator', 'generalAdmin'];
/** Who sends worker requests. */
export const WORKER_REQUESTERS: readonly Role[] = ['contractor'];

/** workerLicense: at most this many uuids per call; the zip's name. */
export const MAX_CREDENTIAL_UUIDS = 100;
export const CREDENTIALS_ZIP_NAME = 'credenciales.zip';
/** The printable sheets: A4, fronts on one page and their backs on the next (duplex). */
export const CREDENTIALS_PDF_NAME = 'credenciales.pdf';
/** How the credentials come: PNG images in a zip, or a PDF to print. */
export const CREDENTIAL_FORMATS = ['zip', 'pdf'] as const;
export type CredentialFormat = (typeof CREDENTIAL_FORMATS)[number];
/** 'Descargar credenciales' offers both. */
export const CredentialFormatLabels: Record<CredentialFormat, string> = {
  pdf: 'PDF para imprimir',
  zip: 'Imágenes (ZIP)',
};
export const CredentialMessages = {
  invalidFormat: 'El formato de las credenciales debe ser zip o pdf.',
  noWorkers: 'Elige por lo menos a un trabajador.',
  invalidWorker: 'Identificador de trabajador no válido.',
  tooMany: `Puedes descargar hasta ${MAX_CREDENTIAL_UUIDS} credenciales por solicitud.`,
} as const;

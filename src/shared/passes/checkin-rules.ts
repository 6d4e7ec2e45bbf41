/**
 * Gate check-in and check-out of massive events' guests with their signed passes:
 * the refusals a guard sees, each with its reason, and the texts of the /checkin screen.
 */
import { PassMessages } from './pass-types.js';

// Who registers entries lives in a small module of its own: the menu reads it on the first screen.
export { CHECKIN_ROLES } from './checkin-access.js';

export type CheckinRefusal =
  | 'malformed'
  | 'forged'
  | 'kind'
  | 'community'
  | 'early'
  | 'ended'
  | 'cancelled'
  | 'guestDeleted'
  | 'alreadyInside'
  | 'notInside';

/** A worker's credential at the gate: the refusals beyond the pass's own. */
export type WorkerCheckinRefusal =
  | 'community'
  | 'siteNotStarted'
  | 'siteEnded'
  | 'workerRejected'
  | 'workerDeleted'
  | 'workerNotApproved'
  | 'alreadyInside'
  | 'notInside';

export const WorkerCheckinMessages: Record<WorkerCheckinRefusal, string> = {
  community: 'La credencial es de otro fraccionamiento.',
  siteNotStarted: 'La credencial todavía no es válida: la obra aún no comienza.',
  siteEnded: 'La credencial ya no es válida: terminó el periodo de la obra.',
  workerRejected: 'El trabajador fue rechazado: su credencial ya no es válida.',
  workerDeleted: 'El trabajador fue eliminado: su credencial ya no es válida.',
  workerNotApproved: 'El trabajador no está aprobado: su credencial no es válida.',
  alreadyInside: 'Este trabajador ya ingresó',
  notInside: 'Este trabajador no ha ingresado.',
};

export const CheckinMessages: Record<CheckinRefusal, string> = {
  malformed: PassMessages.malformed,
  forged: PassMessages.forged,
  kind: 'Este pase no es una invitación a un evento masivo ni una credencial de trabajador.',
  community: 'La invitación es de otro fraccionamiento.',
  early: 'La invitación todavía no es válida: el acceso abre unas horas antes del inicio del evento.',
  ended: 'La invitación ya no es válida: el evento terminó.',
  cancelled: 'El evento fue cancelado.',
  guestDeleted: 'El invitado ya no está en la lista del evento.',
  alreadyInside: 'Este invitado ya ingresó',
  notInside: 'Este invitado no ha ingresado.',
};

export const CheckinTexts = {
  title: 'Control de acceso a eventos y obras',
  passLabel: 'Pase o credencial',
  passHelp: 'Escanea el código QR de la invitación o de la credencial de obra, o pega su texto.',
  checkin: 'Registrar entrada',
  checkout: 'Registrar salida',
  scan: 'Escanear con la cámara',
  stopScan: 'Detener cámara',
  verifying: 'Verificando…',
  admitted: 'Acceso permitido',
  exited: 'Salida registrada',
  refused: 'Acceso denegado',
  next: 'Siguiente pase',
  worker: 'Trabajador de obra',
  emptyPass: 'Escribe o escanea un pase.',
  cameraUnavailable: 'Este navegador no permite escanear con la cámara; pega el texto del pase.',
  networkError: 'No fue posible comunicarse con el servidor. Intenta de nuevo.',
  offline: 'Sin conexión',
  offlineHelp: 'La caseta verifica los pases por sí misma y guarda los registros para enviarlos al volver la conexión.',
  syncing: 'Enviando registros…',
  online: 'En línea',
  offlineVerdict: 'Verificado sin conexión',
  offlineUnavailable:
    'Sin conexión y sin los datos de la caseta: no es posible verificar el pase. Abre esta pantalla con conexión al menos una vez.',
  conflictsTitle: 'El servidor decidió distinto sobre registros hechos sin conexión',
  conflictsSeen: 'Entendido',
} as const;

/** How many records the gate keeps for the server: 'Registros pendientes: 3'. */
export const waitingText = (n: number) => `Registros pendientes: ${n}`;

/** Where the person goes, as the gate shows it: the event's title, or 'Trabajador de obra · Obra {name} ({number})'. */
export function checkinPlace(answer: {
  event: { title: string } | null;
  construction: { name: string; number: string } | null;
}): string {
  if (answer.event) return answer.event.title;
  return answer.construction
    ? `${CheckinTexts.worker} · Obra ${answer.construction.name} (${answer.construction.number})`
    : '';
}

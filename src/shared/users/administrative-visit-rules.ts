import { failureDescription, isApiFailure } from '../platform/api-failure.js';
import type { Role } from '../platform/roles.js';
import { AdministrativeResidentMessages } from './administrative-resident.schema.js';
import type { AdministrativeResident } from './user-management-types.js';

const SERVER_ERROR = 'Error interno del servidor';

/**
 * The floating button and modal 'Configuración visitas administrativas' of /users: only the
 * community administrator configures its community's administrative resident.
 */
export const canConfigureAdministrativeVisits = (role: Role | null | undefined): boolean => role === 'admin';

/**
 * The failure dialog's detail ('Error' / 'Ocurrió un error.'), followed by the
 * server's reason when it gives one (a street of another zone, a missing configuration).
 */
export function administrativeVisitErrorDetail(error: unknown): string {
  const reason = isApiFailure(error) ? failureDescription(error, '') : '';
  return reason && reason !== AdministrativeResidentMessages.failed && reason !== SERVER_ERROR
    ? `${AdministrativeResidentMessages.failed}\n${reason}`
    : AdministrativeResidentMessages.failed;
}

/** What the modal holds: text as typed, zone and street as the dropdowns' ids. */
export interface AdministrativeVisitForm {
  [key: string]: unknown;
  firstName: string;
  lastName: string;
  email: string;
  idZone: number | '';
  idStreet: number | '';
  number: string;
  intNumber: string;
  useapp: boolean;
  /** Kept as stored; the modal does not show them. */
  action: string | null;
  notresident: boolean;
}

/** The modal's values: the stored configuration, or empty fields the first time. */
export function administrativeVisitValues(stored: AdministrativeResident | null): AdministrativeVisitForm {
  if (!stored) {
    return {
      firstName: '',
      lastName: '',
      email: '',
      idZone: '',
      idStreet: '',
      number: '',
      intNumber: '',
      useapp: false,
      action: null,
      notresident: false,
    };
  }
  return {
    firstName: stored.firstName,
    lastName: stored.lastName,
    email: stored.email,
    idZone: stored.testStreet?.testZone?.idZone ?? stored.idZone,
    idStreet: stored.idStreet,
    number: stored.number,
    intNumber: stored.intNumber ?? '',
    useapp: stored.useapp,
    action: stored.action,
    notresident: stored.notresident,
  };
}

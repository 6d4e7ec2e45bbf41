import type { AddressRef } from './integrator-types.js';

/** Response shapes of `api/fracs` (spec 1 §3, §7). Field names are the contract's. */

/** `GET api/users/integrator`: the administrators an integrator may assign (spec 1 §3). */
export interface AdministratorOption {
  idUser: number;
  uuid: string;
  name: string;
}

/** A community (fraccionamiento) as `GET api/fracs/{uuid}` and the list answer it. */
export interface Community {
  uuid: string;
  name: string;
  cp: string | null;
  city: string | null;
  state: string | null;
  idAddress: number | null;
  street: string | null;
  extNumber: string | null;
  intNumber: string | null;
  /** The administrator's user id. */
  idUser: number | null;
  licenseTotal: number;
  /** Sent empty (spec 1 §3). */
  starDate: '';
  endDate: '';
  idFile: number | null;
  user: AdministratorOption | null;
  /** `publicUrl` is served to signed-in members and the integrator only (bearer token). */
  file: { publicUrl: string; idFile: number; uuid: string } | null;
  address: AddressRef | null;
  /** True means the community is disabled (spec 1 §4). */
  licenseExpired: boolean;
}

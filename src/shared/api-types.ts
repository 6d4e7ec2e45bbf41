import type { Role } from './roles.js';

/** `GET api/users/me` (spec 1 §3). */
export interface CurrentUser {
  uuid: string;
  email: string;
  username: string;
  role: string;
  roleKey: Role;
  frac: string | null;
  product: { name: string; uuid: string }[];
  logoURL: string | null;
  idUsersTypes: number;
  testFrac: { uuid: string; name: string } | null;
  firstName: string;
  lastName: string;
}

/** `GET api/users/whoami`. */
export interface WhoAmI {
  uuid: string;
  email: string;
  username: string;
  role: string;
  idUsersTypes: number;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  scope: string;
}

/** `GET api/users/findUser/{uuid}`: the pending registration behind a link. */
export interface RegistrationLookup {
  uuid: string;
  email: string;
  firstName: string;
  idUsersTypes: number;
}

/** `GET api/addresses/{cp}` (spec 1 §3). */
export interface AddressOption {
  idAddress: number;
  uuid: string;
  colony: string;
  state: string;
  location: string;
}

export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  page: number;
  size: number;
}

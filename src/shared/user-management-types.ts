/** Response shapes of the users and administrative-visit calls (spec 1 §3). Field names are the contract's. */

export interface UserAddress {
  idAddress: number;
  uuid: string;
  cp: string;
  colony: string;
  city: string;
  state: string;
}

/** Item of `GET api/users/`, and what `POST api/users` / `PUT api/users/{uuid}` answer. */
export interface ManagedUser {
  uuid: string;
  firstName: string;
  lastName: string;
  /** Null for a guard registered with its code only. */
  email: string | null;
  vigilantCode: string | null;
  idUsersTypes: number;
  /** ACTIVE, or PENDING until the user chooses a password through the invitation link. */
  status: 'ACTIVE' | 'PENDING' | 'DISABLED';
  testUsersType: { name: string };
  /** The community shown in the 'development' column: the session's community for an administrator. */
  testFrac: { uuid: string; name: string } | null;
  address: UserAddress | null;
  idAddress: number | null;
  street: string | null;
  extNumber: string | null;
  intNumber: string | null;
  administrativeVisitsUser: { useapp: boolean; phone: { phone: string } | null };
}

export interface ZoneOfStreet { uuid: string; idZone: number; name: string }
export interface StreetOfResident { uuid: string; idStreet: number; name: string; testZone: ZoneOfStreet }

/** `GET api/administrativeVisitUser/administrativeResident` (null when not configured yet). */
export interface AdministrativeResident {
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  idFrac: number;
  fracUuid: string;
  idStreet: number;
  idZone: number;
  number: string;
  intNumber: string | null;
  useapp: boolean;
  action: string | null;
  notresident: boolean;
  testStreet: StreetOfResident;
}

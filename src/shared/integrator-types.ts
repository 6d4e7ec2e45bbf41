/** Response shapes of `api/integrator` (spec 1 §3, §7). Field names are the contract's. */

export interface AddressRef {
  cp: string;
  city: string;
  state: string;
  colony: string;
  idAddress: number;
  uuid: string;
}

/** Item of `GET api/integrator/` and answer of the other integrator calls. */
export interface Integrator {
  uuid: string;
  name: string;
  lastName: string;
  /** Exterior number. */
  number: string;
  intNumber: string | null;
  street: string;
  /** Null shows 'Sin teléfono'. */
  phone: string | null;
  licenses: number;
  enabled: boolean;
  address: AddressRef | null;
  testUser: { email: string; firstName: string; lastName: string };
}

/** Answer of `POST api/integrator`: `user.oldPassword` is the access code shown once. */
export interface CreatedIntegrator extends Integrator {
  user: {
    idUser: number;
    uuid: string;
    email: string;
    firstName: string;
    lastName: string;
    status: 'ACTIVE';
    idUsersTypes: 14;
    oldPassword: string;
  };
}

/** `GET api/integrator/dashboard`: total, assigned to its communities, still available. */
export type IntegratorDashboard = [total: number, used: number, available: number];

import type { Integrator } from '../../shared/integrators/integrator-types.js';
import type { Queryable } from '../platform/db/db.js';
import { type ListQuery, pageQuery } from '../platform/http/list-query.js';

/** One integrator with its address and account, flat as SQL answers it. */
export interface IntegratorRow {
  id: number;
  uuid: string;
  name: string;
  last_name: string;
  number: string;
  int_number: string | null;
  street: string;
  phone: string | null;
  licenses: number;
  enabled: boolean;
  address_id: number | null;
  address_uuid: string | null;
  cp: string | null;
  city: string | null;
  state: string | null;
  colony: string | null;
  user_id: number;
  user_uuid: string;
  email: string;
  first_name: string;
  user_last_name: string;
}

export const INTEGRATOR_SELECT = `i.id, i.uuid, i.name, i.last_name, i.number, i.int_number, i.street, i.phone, i.licenses, i.enabled,
  a.id AS address_id, a.uuid AS address_uuid, a.cp, a.city, a.state, a.colony,
  u.id AS user_id, u.uuid AS user_uuid, u.email, u.first_name, u.last_name AS user_last_name`;
export const INTEGRATOR_FROM = `integrators i JOIN users u ON u.id = i.user_id LEFT JOIN addresses a ON a.id = i.address_id`;

export function integratorOf(row: IntegratorRow): Integrator {
  return {
    uuid: row.uuid,
    name: row.name,
    lastName: row.last_name,
    number: row.number,
    intNumber: row.int_number,
    street: row.street,
    phone: row.phone,
    licenses: row.licenses,
    enabled: row.enabled,
    address:
      row.address_id === null
        ? null
        : {
            cp: row.cp!.trim(),
            city: row.city!,
            state: row.state!,
            colony: row.colony!,
            idAddress: row.address_id,
            uuid: row.address_uuid!,
          },
    testUser: { email: row.email, firstName: row.first_name, lastName: row.user_last_name },
  };
}

export const integratorRowByUuid = (q: Queryable, uuid: string) =>
  q.one<IntegratorRow>(`SELECT ${INTEGRATOR_SELECT} FROM ${INTEGRATOR_FROM} WHERE i.uuid = $1`, [uuid]);

export const integratorRowById = (q: Queryable, id: number) =>
  q.one<IntegratorRow>(`SELECT ${INTEGRATOR_SELECT} FROM ${INTEGRATOR_FROM} WHERE i.id = $1`, [id]);

/** A page of integrators, by name (`search`: the name as the 'Nombre' column shows it, first and last, contains, case-insensitive). */
export const integratorPage = (q: Queryable, query: ListQuery) =>
  pageQuery<IntegratorRow>(
    q,
    {
      select: INTEGRATOR_SELECT,
      from: INTEGRATOR_FROM,
      where: [],
      params: [],
      searchColumns: ["i.name || ' ' || coalesce(i.last_name, '')"],
      orderBy: 'i.name, i.id',
    },
    query,
  );

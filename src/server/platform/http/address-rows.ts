import type { AddressOption } from '../../../shared/platform/api-types.js';
import type { Queryable } from '../db/db.js';

/** The colonies of a postal code with their city and state (the national catalogue, not community data). */
export function postalCodeColonies(q: Queryable, postalCode: string): Promise<AddressOption[]> {
  return q.query<AddressOption>(
    `SELECT id AS "idAddress", uuid, colony, state, city AS location FROM addresses WHERE cp = $1 ORDER BY colony`,
    [postalCode],
  );
}

/** Writing construction sites: create, edit (the site's number only when one is sent) and delete. */
import { type CommunityScope, NOW } from '../platform/db/community-scope.js';

/** The site's contractor and street, as ids of the community. */
export interface SiteReferences {
  contractorId: number;
  streetId: number;
}

/** A site's fields as sent. */
export interface SiteFields {
  name: string;
  number?: string | null;
  startDate: string;
  endDate: string;
}

/** Inserts a site with its number and the street number it is on; its id. */
export function insertConstruction(
  scope: CommunityScope,
  refs: SiteReferences,
  body: SiteFields & { streetNumber: unknown },
): Promise<number> {
  return scope.insert('constructions', {
    contractor_id: refs.contractorId,
    street_id: refs.streetId,
    name: body.name,
    number: body.number,
    street_number: body.streetNumber,
    start_date: body.startDate,
    end_date: body.endDate,
  });
}

/** Changes a site; its number changes only when one is sent. */
export async function updateConstruction(scope: CommunityScope, id: number, refs: SiteReferences, body: SiteFields) {
  await scope.update(
    'constructions',
    { id },
    {
      name: body.name,
      contractor_id: refs.contractorId,
      street_id: refs.streetId,
      start_date: body.startDate,
      end_date: body.endDate,
      ...(body.number === undefined || body.number === null ? {} : { number: body.number }),
      updated_at: NOW,
    },
  );
}

export async function deleteConstruction(scope: CommunityScope, id: number) {
  await scope.delete('constructions', { id });
}

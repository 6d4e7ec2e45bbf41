import * as v from 'valibot';
import { INVALID_ID, INVALID_RECORD, idRef, listOf, nameOf } from './catalogue.schema.js';
import { ZONE_NAME_MESSAGE } from './zone.schema.js';

export const ZONE_REQUIRED = 'Selecciona una zona.';

/** Street modal and body of `POST api/streets` items / `PUT api/streets/{uuid}`: zone chosen, name 3 to 64. */
export const StreetSchema = v.object(
  {
    name: nameOf(ZONE_NAME_MESSAGE),
    idZone: idRef(ZONE_REQUIRED),
  },
  INVALID_RECORD,
);
export type StreetInput = v.InferOutput<typeof StreetSchema>;
export const CreateStreetSchema = listOf(StreetSchema);

/** `GET api/streets/zones/{zoneUuid}`. */
export const ZoneUuidParamsSchema = v.object(
  { zoneUuid: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) },
  INVALID_RECORD,
);

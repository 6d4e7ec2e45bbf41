import * as v from 'valibot';
import { INVALID_RECORD, listOf, nameOf } from './catalogue.schema.js';

/** Zone name: required, 3 to 64, message 'Asigna un nombre'. */
export const ZONE_NAME_MESSAGE = 'Asigna un nombre';
/** The web always sends black. */
export const ZONE_COLOR = '#000000';

/** The 'Agregar zona' / 'Editar zona' modal: one field. */
export const ZoneFormSchema = v.object({ name: nameOf(ZONE_NAME_MESSAGE) }, INVALID_RECORD);

/** Body of `POST api/zones` items and of `PUT api/zones/{uuid}`: name, color, idFrac. */
export const ZoneSchema = v.object(
  {
    name: nameOf(ZONE_NAME_MESSAGE),
    color: v.optional(v.pipe(v.string('Color no válido.'), v.trim(), v.maxLength(32, 'Color no válido.')), ZONE_COLOR),
    /** Accepted for the contract; the community is always the session's. */
    idFrac: v.optional(v.unknown()),
  },
  INVALID_RECORD,
);
export type ZoneInput = v.InferOutput<typeof ZoneSchema>;
export const CreateZoneSchema = listOf(ZoneSchema);

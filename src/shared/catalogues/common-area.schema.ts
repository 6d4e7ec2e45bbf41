import * as v from 'valibot';
import { INVALID_RECORD, idRef, listOf, required } from './catalogue.schema.js';
import { ZONE_REQUIRED } from './street.schema.js';

/** Messages of the common-area form. */
export const COMMON_AREA_NUMBER_MESSAGE = 'Por favor, ingresa un número válido';
export const COMMON_AREA_NAME_MESSAGE = 'Por favor, ingresa un nombre válido. Solo letras y números son permitidos.';
export const STREET_REQUIRED = 'Selecciona una calle.';
/** Dialog shown on any failure of the form. */
export const COMMON_AREA_FORM_ERROR = { title: 'Error', text: 'Por favor, corrige los campos indicados.' } as const;

const LETTERS_DIGITS_SPACES = /^[A-Za-zÁÉÍÓÚÜÑáéíóúüñ0-9 ]+$/;

/** Body of `POST api/commonareas` items and `PUT api/commonareas/{uuid}`: name, number, idStreet. */
export const CommonAreaSchema = v.object(
  {
    name: required(
      v.pipe(
        v.string(COMMON_AREA_NAME_MESSAGE),
        v.trim(),
        v.nonEmpty(COMMON_AREA_NAME_MESSAGE),
        v.maxLength(64, COMMON_AREA_NAME_MESSAGE),
        v.regex(LETTERS_DIGITS_SPACES, COMMON_AREA_NAME_MESSAGE),
      ),
      COMMON_AREA_NAME_MESSAGE,
    ),
    number: v.optional(
      v.pipe(
        v.union(
          [v.string(), v.pipe(v.number(), v.integer(), v.minValue(0), v.transform(String))],
          COMMON_AREA_NUMBER_MESSAGE,
        ),
        v.trim(),
        v.maxLength(64, COMMON_AREA_NUMBER_MESSAGE),
        v.regex(/^\d*$/, COMMON_AREA_NUMBER_MESSAGE),
      ),
      '',
    ),
    idStreet: idRef(STREET_REQUIRED),
  },
  INVALID_RECORD,
);
export type CommonAreaInput = v.InferOutput<typeof CommonAreaSchema>;
export const CreateCommonAreaSchema = listOf(CommonAreaSchema);

/** The large modal: the zone selector only narrows the streets, so it is checked but not sent. */
export const CommonAreaFormSchema = v.object(
  { ...CommonAreaSchema.entries, idZone: idRef(ZONE_REQUIRED) },
  INVALID_RECORD,
);

/**
 * Devices' input (Dispositivos, Device, Devices): the create/edit
 * modal's values and the bodies of `POST api/devices/` and `PUT api/devices/{uuid}` pass these
 * rules on the web and on the server; the device's own calls (link, heartbeat) too.
 */
import * as v from 'valibot';
import {
  DEVICE_SEARCH_FIELDS,
  DEVICE_STATUSES,
  DEVICE_TYPES,
  DeviceTexts as M,
  LINK_CODE_LENGTH,
  SCANNER_ACCESSES,
  SCANNER_PLACES,
  SCANNER_TYPES,
  ScannerPlaceType,
  type ScannerType,
} from './device-rules.js';
import { INVALID_ID, INVALID_RECORD, required } from '../catalogues/catalogue.schema.js';

export const DEVICE_NAME_MAX = 64;
export const DEVICE_NUMBER_MAX = 8;
/** More parents than any route has; the list is bounded so a body cannot grow without end. */
export const DEVICE_MAX_PARENTS = 20;

const ref = (message: string) => v.object({ uuid: v.pipe(v.string(message), v.uuid(message)) }, message);
const nullish = <S extends v.GenericSchema>(schema: S) => v.optional(v.nullable(schema), null);

const entries = {
  name: required(
    v.pipe(v.string(M.name), v.trim(), v.nonEmpty(M.name), v.maxLength(DEVICE_NAME_MAX, M.nameLength)),
    M.name,
  ),
  /** New devices default to BOOTH. */
  deviceType: v.optional(v.picklist(DEVICE_TYPES, M.deviceType), 'BOOTH'),
  /** Reading type; new devices default to IN. */
  scannerAccess: v.pipe(
    nullish(v.picklist(SCANNER_ACCESSES, M.scannerAccess)),
    v.transform((a) => a ?? 'IN'),
  ),
  /** The form's sub-type (BARRERA, COTO, CASA, COMMONAREA); it decides `scannerType` when sent. */
  scannerPlace: nullish(v.picklist(SCANNER_PLACES, M.scannerType)),
  scannerType: nullish(v.picklist(SCANNER_TYPES, M.scannerType)),
  parents: v.pipe(
    nullish(v.pipe(v.array(ref(M.parents), M.parents), v.maxLength(DEVICE_MAX_PARENTS, M.parents))),
    v.transform((p) => p ?? []),
  ),
  zone: nullish(ref(M.zone)),
  street: nullish(ref(M.street)),
  number: v.pipe(
    nullish(v.pipe(v.string(M.number), v.trim(), v.maxLength(DEVICE_NUMBER_MAX, M.numberLength))),
    v.transform((n) => (n ? n : null)),
  ),
};

type Entries = { deviceType: string; scannerPlace: string | null; scannerType: string | null };
const isScanner = (d: { deviceType: string }) => d.deviceType === 'SCANNER';
/** The location type: the sub-type's when one is chosen, else the one sent. */
const locationType = (d: Entries): ScannerType | null =>
  d.scannerPlace
    ? ScannerPlaceType[d.scannerPlace as keyof typeof ScannerPlaceType]
    : (d.scannerType as ScannerType | null);

/**
 * A device as the modal and the create/edit calls give it. Scanners need a location type, a zone,
 * a street unless the type is ZONE and a house number for HOUSE; the output keeps only
 * what the type uses: no scanner fields for a booth or a hostess station, no parents for an OUT
 * reader, no street for ZONE, no number unless HOUSE.
 */
export const DeviceSchema = v.pipe(
  v.object(entries, INVALID_RECORD),
  v.forward(
    v.partialCheck(
      [['deviceType'], ['scannerPlace'], ['scannerType']],
      (d) => !isScanner(d) || locationType(d as Entries) !== null,
      M.scannerType,
    ),
    ['scannerPlace'],
  ),
  v.forward(
    v.partialCheck(
      [['deviceType'], ['scannerPlace'], ['scannerType']],
      (d) => !isScanner(d) || !d.scannerPlace || !d.scannerType || ScannerPlaceType[d.scannerPlace] === d.scannerType,
      M.scannerType,
    ),
    ['scannerType'],
  ),
  v.forward(
    v.partialCheck([['deviceType'], ['zone']], (d) => !isScanner(d) || d.zone !== null, M.zone),
    ['zone'],
  ),
  v.forward(
    v.partialCheck(
      [['deviceType'], ['scannerPlace'], ['scannerType'], ['street']],
      (d) => !isScanner(d) || locationType(d as Entries) === 'ZONE' || d.street !== null,
      M.street,
    ),
    ['street'],
  ),
  v.forward(
    v.partialCheck(
      [['deviceType'], ['scannerPlace'], ['scannerType'], ['number']],
      (d) => !isScanner(d) || locationType(d as Entries) !== 'HOUSE' || d.number !== null,
      M.number,
    ),
    ['number'],
  ),
  v.transform((d) => {
    if (!isScanner(d)) {
      return {
        ...d,
        scannerAccess: 'IN' as const,
        scannerPlace: null,
        scannerType: null,
        parents: [],
        zone: null,
        street: null,
        number: null,
      };
    }
    const type = locationType(d)!;
    return {
      ...d,
      scannerType: type,
      parents: d.scannerAccess === 'IN' ? d.parents : [],
      street: type === 'ZONE' ? null : d.street,
      number: type === 'HOUSE' ? d.number : null,
    };
  }),
);
export type DeviceInput = v.InferOutput<typeof DeviceSchema>;
export type DeviceFormInput = v.InferInput<typeof DeviceSchema>;

/** `{id}` of `GET`, `DELETE api/devices/{id}`, `PUT api/devices/unlinkDevice/{id}`: the device's uuid. */
export const DeviceIdParamsSchema = v.object({ id: v.pipe(v.string(INVALID_ID), v.uuid(INVALID_ID)) }, INVALID_RECORD);

/** Query of `GET api/devices/`: besides page, size and search, the status, the type and what the search looks in. */
export const DeviceListFilterSchema = v.object({
  status: v.optional(v.picklist([...DEVICE_STATUSES, ''], 'Filtro no válido.'), ''),
  deviceType: v.optional(v.picklist([...DEVICE_TYPES, ''], 'Filtro no válido.'), ''),
  searchBy: v.optional(v.picklist([...DEVICE_SEARCH_FIELDS, ''], 'Filtro no válido.'), ''),
});

/**
 * `PUT api/devices/unlinkDevice/{id}`: the device token as the body: the link's
 * identifier the device record answers as `deviceToken`, sent as a JSON or plain-text string or as
 * `{ deviceToken }`.
 */
export const UnlinkDeviceSchema = v.pipe(
  v.union([v.string(M.wrongToken), v.object({ deviceToken: v.string(M.wrongToken) })], M.wrongToken),
  v.transform((body) => (typeof body === 'string' ? body : body.deviceToken).trim().replace(/^"|"$/g, '')),
  v.nonEmpty(M.wrongToken),
  v.maxLength(200, M.wrongToken),
);

/** `POST api/devices/link`: the code the device read from the QR (or typed). */
export const LinkDeviceSchema = v.object(
  {
    code: required(
      v.pipe(
        v.string(M.codeRequired),
        v.trim(),
        v.toUpperCase(),
        v.nonEmpty(M.codeRequired),
        v.regex(new RegExp(`^[A-Z0-9]{${LINK_CODE_LENGTH}}$`), M.codeInvalid),
      ),
      M.codeRequired,
    ),
  },
  INVALID_RECORD,
);

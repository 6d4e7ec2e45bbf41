/** Answers of the devices' calls (Device, Devices). Field names are the contract's. */
import * as v from 'valibot';
import { DEVICE_STATUSES, DEVICE_TYPES, SCANNER_ACCESSES, SCANNER_PLACES, SCANNER_TYPES } from './device-rules.js';

const Ref = v.object({ uuid: v.string(), name: v.string() });

/** A device as every devices call answers it. */
export const DeviceAnswerSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  status: v.picklist(DEVICE_STATUSES),
  deviceType: v.picklist(DEVICE_TYPES),
  scannerType: v.nullable(v.picklist(SCANNER_TYPES)),
  scannerAccess: v.picklist(SCANNER_ACCESSES),
  /** The form's sub-type (BARRERA, COTO, CASA, COMMONAREA); an addition, so the modal shows what was chosen. */
  scannerPlace: v.nullable(v.picklist(SCANNER_PLACES)),
  parents: v.array(Ref),
  zone: v.nullable(Ref),
  street: v.nullable(Ref),
  number: v.nullable(v.string()),
  idZone: v.nullable(v.number()),
  idStreet: v.nullable(v.number()),
  /** Always null: a link code is answered only when issued (`PUT api/devices/linkCode/{id}`); only its hash is kept. */
  code: v.null(),
  /** The current link's identifier (null while INACTIVE), what `unlinkDevice` takes; never the device's secret. */
  deviceToken: v.nullable(v.string()),
  /** ISO time of the last heartbeat; `online` while it is under 2 minutes old. */
  lastSeenAt: v.nullable(v.string()),
  online: v.boolean(),
});

export const DevicePageSchema = v.object({
  data: v.array(DeviceAnswerSchema),
  content: v.array(DeviceAnswerSchema),
  totalPages: v.number(),
  totalElements: v.number(),
  pageNumber: v.number(),
  page: v.number(),
  size: v.number(),
});

/** Item of `GET api/devices/searchParentDevice/{id}`: a device that can precede this one. */
export const ParentOptionSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  deviceType: v.picklist(DEVICE_TYPES),
});

/** `PUT api/devices/linkCode/{id}`: a fresh one-time code (the QR holds it) and when it expires. */
export const LinkCodeAnswerSchema = v.object({ uuid: v.string(), code: v.string(), expiresAt: v.string() });

/** `POST api/devices/link`: the device's token (the only time it is shown), its record and its community. */
export const LinkAnswerSchema = v.object({
  deviceToken: v.string(),
  device: DeviceAnswerSchema,
  frac: v.object({ uuid: v.string(), name: v.string() }),
});

/** `POST api/devices/heartbeat`. */
export const HeartbeatAnswerSchema = v.object({
  uuid: v.string(),
  status: v.picklist(DEVICE_STATUSES),
  online: v.boolean(),
  serverTime: v.string(),
});

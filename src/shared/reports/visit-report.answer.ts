/** Answers of the reports (Visit and Common-area visit, Reports). */
import * as v from 'valibot';
import { ACCESS_MODES, VISITANT_TYPES, type VisitantType } from '../visits/visit.schema.js';

const Ref = v.object({ uuid: v.string(), name: v.string() });
/** A private photo: `publicUrl` is a signed link for the caller, valid a few minutes. */
const FileRef = v.object({ publicUrl: v.string(), expiresAt: v.string() });
const ResidentRef = v.object({
  uuid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  number: v.string(),
  street: v.nullable(v.string()),
});

/** A row of the visit report. */
export const VisitReportRowSchema = v.object({
  uuid: v.string(),
  testResident: v.nullable(ResidentRef),
  firstName: v.string(),
  lastName: v.string(),
  /** Who authorised the visit. */
  accredited: v.nullable(v.string()),
  file: v.nullable(FileRef),
  visitantType: v.picklist(VISITANT_TYPES as [VisitantType, ...VisitantType[]]),
  providerTypeId: v.nullable(v.string()),
  providerType: v.nullable(v.string()),
  /** ISO timestamps; timeout null while the visitor is inside ('SIN REGISTRO'). */
  timein: v.string(),
  timeout: v.nullable(v.string()),
  testGateArrival: v.nullable(Ref),
  testGateDeparture: v.nullable(Ref),
  /** Who registered the entry and the exit. */
  userArrival: v.nullable(Ref),
  userDeparture: v.nullable(Ref),
  accessMode: v.picklist(ACCESS_MODES),
  carbrand: v.nullable(v.string()),
  color: v.nullable(v.string()),
  plate: v.nullable(v.string()),
  comments: v.nullable(v.string()),
});

/** `GET api/visitants/visitantReport` and the schedule: the spec's page shape. */
export const VisitReportPageSchema = v.object({
  data: v.array(VisitReportRowSchema),
  totalPages: v.number(),
  totalElements: v.number(),
  /** 0-based. */
  pageNumber: v.number(),
  size: v.number(),
});

/** A row of the common-area report. */
export const CommonAreaVisitRowSchema = v.object({
  uuid: v.string(),
  resident: v.nullable(ResidentRef),
  firstName: v.string(),
  lastName: v.string(),
  file: v.nullable(FileRef),
  timein: v.string(),
  estimatedTimeIn: v.nullable(v.string()),
  /** The common area's name. */
  commonArea: v.string(),
  commonAreaUuid: v.string(),
  createdWithQR: v.boolean(),
  userArrival: v.nullable(Ref),
});

/** `GET api/commonAreaVisitants`. */
export const CommonAreaReportPageSchema = v.object({
  data: v.array(CommonAreaVisitRowSchema),
  totalPages: v.number(),
  totalElements: v.number(),
  pageNumber: v.number(),
  size: v.number(),
});

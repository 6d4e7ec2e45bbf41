/** Answers of the construction workers' and requests' calls. Field names are the contract's. */
import * as v from 'valibot';

/** A worker's file: `publicUrl` is a short-lived signed link (the documents are private). */
export const WorkerFileRefSchema = v.object({
  uuid: v.string(),
  publicUrl: v.string(),
  name: v.string(),
  mimeType: v.string(),
});

export const WorkerConstructionSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  /** Terrain number. */
  number: v.string(),
  /** Site number. */
  streetNumber: v.string(),
  startDate: v.string(),
  endDate: v.string(),
  street: v.object({ uuid: v.string(), name: v.string() }),
  contractor: v.object({ uuid: v.string(), firstName: v.string(), lastName: v.string(), enterprise: v.string() }),
});

export const WorkerAnswerSchema = v.object({
  id: v.number(),
  uuid: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  status: v.picklist(['Pendiente', 'Aprobado', 'Rechazado']),
  rejectReason: v.nullable(v.string()),
  photo: v.nullable(WorkerFileRefSchema),
  identification: v.nullable(WorkerFileRefSchema),
  proofOfAddress: v.nullable(WorkerFileRefSchema),
  construction: WorkerConstructionSchema,
});
export const WorkerListSchema = v.array(WorkerAnswerSchema);

/** `GET api/constructionWorkerRequests/byAdministrator`: one row per site ('Worker request summary'). */
export const WorkerRequestSummarySchema = v.object({
  constructionId: v.string(),
  construction: v.object({ uuid: v.string(), name: v.string(), number: v.string(), streetNumber: v.string() }),
  workers: v.number(),
  approved: v.number(),
  rejected: v.number(),
  pending: v.number(),
});
export const WorkerRequestSummaryListSchema = v.array(WorkerRequestSummarySchema);

/** Answers of the construction sites' calls. Field names are the contract's. */
import * as v from 'valibot';

const named = v.object({ uuid: v.string(), name: v.string() });

/**
 * Construction: uuid, name, contractor {uuid, firstName, lastName, enterprise}, street {uuid, name,
 * zone, community}, number (terrain), streetNumber (site number), startDate, endDate (YYYY-MM-DD),
 * workerCount. The live workers' counts by status and the last rejected worker's name give the
 * contractor's home its status (`siteStatusText` in src/shared/contractors/construction-rules.ts).
 */
export const ConstructionAnswerSchema = v.object({
  uuid: v.string(),
  name: v.string(),
  contractor: v.object({ uuid: v.string(), firstName: v.string(), lastName: v.string(), enterprise: v.string() }),
  street: v.object({ uuid: v.string(), name: v.string(), zone: named, community: named }),
  number: v.string(),
  streetNumber: v.string(),
  startDate: v.string(),
  endDate: v.string(),
  workerCount: v.number(),
  approved: v.number(),
  rejected: v.number(),
  pending: v.number(),
  /** The most recently rejected live worker ('Nombre Apellidos'), or null. */
  rejectedWorker: v.nullable(v.string()),
});
